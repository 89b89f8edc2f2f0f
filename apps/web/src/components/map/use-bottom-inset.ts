import { useLayoutEffect } from 'react';
import { bottomInsetOf } from './bottom-inset';

/**
 * Keeps `--map-bottom-inset` on the map's container at the height its bottom bar (product choice and lead-time
 * slider) takes from the container's bottom edge, gap included, so that the page panel ends above the bar instead of
 * covering it (issue 20). The bar's height changes as it wraps on a narrow map, so both are observed; without a bar,
 * or while a page hides it (display: none, see useHideForecast), the variable is removed and the panel takes the whole
 * height.
 */
export function useBottomInset(container: HTMLElement | null, bar: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!container) return;
    if (!bar) {
      container.style.removeProperty('--map-bottom-inset');
      return;
    }
    const update = () => {
      const inset = bottomInsetOf(container.getBoundingClientRect().bottom, bar.getBoundingClientRect());
      if (inset === null) container.style.removeProperty('--map-bottom-inset');
      else container.style.setProperty('--map-bottom-inset', `${inset}px`);
    };
    update();
    // A bar hidden or shown again by the page's CSS changes size (to and from 0 × 0): the observer sees that too.
    const observer = new ResizeObserver(update);
    observer.observe(container);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      container.style.removeProperty('--map-bottom-inset');
    };
  }, [container, bar]);
}
