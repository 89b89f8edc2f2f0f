import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A part of the console shell loaded when first needed (the theme picker's panel, the header search's box, the
 * platform's customer chooser, the error log's button): React's `lazy`, except that a chunk which fails to load (a
 * deploy replaced it, the network dropped) renders `fallback` (nothing by default) instead of throwing to the
 * route's error panel, which would take the whole shell with it. Pages fail into their own panel (app/router.tsx).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P> = () => null,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}
