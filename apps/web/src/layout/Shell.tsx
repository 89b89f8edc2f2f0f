import { Suspense, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { lazyPart } from '../lib/lazy-part';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import { AppMain } from './app-main/AppMain';
import { ForcedPasswordChange } from './ForcedPasswordChange';
import { Navbar } from './navbar/Navbar';
import { SidebarMenu } from './sidebar/SidebarMenu';
import { useSidebarWidth } from './sidebar/use-sidebar-width';
import { TagsView } from './tags-view/TagsView';
import { useDayjsLocale } from './use-dayjs-locale';
import { useDeviceWatch } from './use-device-watch';
import { useSessionWatch } from './use-session-watch';
import { useVisitedViews } from './use-visited-views';
import './shell.css';

const SidebarDrawer = lazyPart(() => import('./sidebar/SidebarDrawer').then((m) => m.SidebarDrawer));

/** The console around every signed-in page: top bar, left menu, tabs and the content area. */
export function Shell() {
  const { t } = useTranslation();
  useSessionWatch();
  useDeviceWatch();
  useVisitedViews();
  useDayjsLocale();
  // Wide enough for the longest menu label in the current language (docs/console.md#the-shell).
  const sidebarWidth = useSidebarWidth();
  const mustChangePassword = useUserStore((s) => s.mustChangePassword);
  const { opened, withoutAnimation, mobile, closeSidebar } = useAppStore(
    useShallow((s) => ({
      opened: s.sidebar.opened,
      withoutAnimation: s.sidebar.withoutAnimation,
      mobile: s.device === 'mobile',
      closeSidebar: s.closeSidebar,
    })),
  );

  const classes = ['shell', mobile ? 'shell-mobile' : 'shell-desktop', opened ? 'sidebar-opened' : 'sidebar-collapsed'];
  if (withoutAnimation) classes.push('sidebar-no-animation');

  return (
    <div className={classes.join(' ')} style={{ '--sidebar-width': `${sidebarWidth}px` } as CSSProperties}>
      <Navbar />
      <div className="shell-body">
        {mobile ? (
          <Suspense fallback={null}>
            <SidebarDrawer open={opened} width={sidebarWidth} onClose={() => closeSidebar()} />
          </Suspense>
        ) : (
          <nav id="sidebar" className="sidebar" aria-label={t('navbar.sidebar')}>
            <SidebarMenu collapsed={!opened} />
          </nav>
        )}
        <div className="shell-main">
          <TagsView />
          <main className="app-main">{mustChangePassword ? <ForcedPasswordChange /> : <AppMain />}</main>
        </div>
      </div>
    </div>
  );
}
