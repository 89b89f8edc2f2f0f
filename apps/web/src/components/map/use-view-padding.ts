import type OlMap from 'ol/Map';
import { useLayoutEffect } from 'react';
import { bottomInsetOf } from './bottom-inset';
import { refitContent, showContentBox } from './fit-view';
import { unionOf, viewPadding, visibleArea, type PixelRect } from './visible-area';

/** The box the panel covers, in the map's pixels: its visible parts (folded, only its title strip), none if hidden. */
function panelBox(panel: HTMLElement, map: DOMRect): PixelRect | null {
  const boxes: PixelRect[] = [];
  for (const child of Array.from(panel.children)) {
    const r = child.getBoundingClientRect();
    if (r.width > 0 && r.height > 0)
      boxes.push({ left: r.left - map.left, top: r.top - map.top, right: r.right - map.left, bottom: r.bottom - map.top });
  }
  return unionOf(boxes);
}

/**
 * Keeps the map's view padding at the part of the map the page panel and the bottom bar leave visible, measured
 * whenever the map, the panel or the bar changes size (ResizeObserver): the view's centre, `fit` and `centerOn` then
 * work in that part, and what a page shows (fitView) is never drawn under the panel. A change of padding leaves the
 * map where it is, unless it still shows what was last fitted: that is fitted again into the new part (a panel
 * widened by its results, folded or resized). The visible part is written on the map element as `data-visible`.
 */
export function useViewPadding(map: OlMap | null, panel: HTMLElement | null, bar: HTMLElement | null): void {
  useLayoutEffect(() => {
    const target = map?.getTargetElement();
    if (!map || !target) return;
    let first = true;
    const update = () => {
      const size: [number, number] = [target.clientWidth, target.clientHeight];
      // Not laid out (a view kept alive behind another): nothing to measure.
      if (!size[0] || !size[1]) return;
      const rect = target.getBoundingClientRect();
      const inset = bar ? (bottomInsetOf(rect.bottom, bar.getBoundingClientRect()) ?? 0) : 0;
      const area = visibleArea(size, panel ? panelBox(panel, rect) : null, inset);
      const padding = viewPadding(size, area);
      target.dataset.visible = [area.left, area.top, area.right, area.bottom].map(Math.round).join(',');
      const view = map.getView();
      const old = view.padding ?? [0, 0, 0, 0];
      if (old.every((v, k) => v === padding[k])) return;
      if (first) {
        // The view's first centre (the last one the user saw) is the centre of the visible part.
        const centre = view.getCenter();
        view.padding = padding;
        if (centre) view.setCenter(centre);
      } else if (!refitContent(map, () => (view.padding = padding))) {
        view.padding = padding;
      }
      first = false;
      map.once('postrender', () => showContentBox(map));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(target);
    if (panel) {
      observer.observe(panel);
      for (const child of Array.from(panel.children)) observer.observe(child);
    }
    if (bar) observer.observe(bar);
    return () => observer.disconnect();
  }, [map, panel, bar]);
}
