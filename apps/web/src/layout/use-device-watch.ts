import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { deviceOf } from '../stores/app-prefs';
import { useAppStore } from '../stores/app';

/**
 * Below 992 px the device is mobile: the sidebar closes when the device turns mobile (and is
 * a drawer there), and the drawer closes after each navigation.
 */
export function useDeviceWatch(): void {
  const { pathname } = useLocation();
  const device = useAppStore((s) => s.device);

  useLayoutEffect(() => {
    const apply = (first: boolean) => {
      const next = deviceOf(window.innerWidth);
      const { device: current, setDevice, closeSidebar } = useAppStore.getState();
      if (next === current && !first) return;
      setDevice(next);
      if (next === 'mobile') closeSidebar(true);
    };
    apply(true);
    const onResize = () => {
      if (!document.hidden) apply(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const { sidebar, closeSidebar } = useAppStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSidebar();
  }, [pathname, device]);
}
