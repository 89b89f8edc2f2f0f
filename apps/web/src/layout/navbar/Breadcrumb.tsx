import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isRedirectPath, REDIRECT_PREFIX } from '../../stores/tags-view';
import { useAppStore } from '../../stores/app';
import { useUserStore } from '../../stores/user';
import { breadcrumbTrail, compactTrail } from './breadcrumb-trail';

/** Trail of the matched routes; while /redirect/<path> passes through, the trail of <path>. On a phone, the page alone. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const roles = useUserStore((s) => s.roles);
  const visible = useMemo(() => filterRoutes(APP_ROUTES, roles), [roles]);
  const path = isRedirectPath(pathname) ? pathname.slice(REDIRECT_PREFIX.length) || '/' : pathname;
  const mobile = useAppStore((s) => s.device === 'mobile');
  const trail = useMemo(() => {
    const full = breadcrumbTrail(visible, path);
    return mobile ? compactTrail(full) : full;
  }, [visible, path, mobile]);

  return (
    <AntBreadcrumb
      className="navbar-breadcrumb"
      items={trail.map((crumb) => ({
        key: crumb.title,
        title: crumb.to ? (
          <Link to={crumb.to}>{t(`route.${crumb.title}`)}</Link>
        ) : (
          <span aria-current="page" className="navbar-breadcrumb-page">
            {t(`route.${crumb.title}`)}
          </span>
        ),
      }))}
    />
  );
}
