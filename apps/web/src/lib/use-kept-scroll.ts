import { useLayoutEffect, useRef, type UIEvent } from 'react';

/**
 * Keeps a scroll container's position while React's <Activity> hides it (display: none loses
 * scrollTop) and restores it when the view shows again.
 */
export function useKeptScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const scrollTop = useRef(0);

  // Layout effects re-run each time <Activity> shows the view again.
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = scrollTop.current;
  }, []);

  const onScroll = (e: UIEvent<T>) => {
    // A hidden view reads 0; keep the position it had when shown.
    if (e.currentTarget.clientHeight > 0) scrollTop.current = e.currentTarget.scrollTop;
  };

  return { ref, onScroll };
}
