import { useLayoutEffect } from 'react';

/** Gap between the floating page panel and the map's bottom bar. */
const GAP_PX = 12;

/**
 * Keeps `--map-bottom-inset` on the map's container at the height its bottom bar (product choice and lead-time
 * slider) takes from the container's bottom edge, gap included, so that the page panel ends above the bar instead of
 * covering it (issue 20). The bar's height changes as it wraps on a narrow map, so both are observed; without a bar the
 * variable is removed and the panel takes the whole height.
 */
export function useBottomInset(container: HTMLElement | null, bar: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!container) return;
    if (!bar) {
      container.style.removeProperty('--map-bottom-inset');
      return;
    }
    const update = () => {
      const inset = container.getBoundingClientRect().bottom - bar.getBoundingClientRect().top + GAP_PX;
      container.style.setProperty('--map-bottom-inset', `${Math.max(0, Math.ceil(inset))}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(container);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      container.style.removeProperty('--map-bottom-inset');
    };
  }, [container, bar]);
}
