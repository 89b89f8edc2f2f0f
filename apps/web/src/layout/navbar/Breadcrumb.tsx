import { APP_ROUTES, filterRoutes } from '@agromet/contracts/web';
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isRedirectPath, REDIRECT_PREFIX } from '../../stores/tags-view';
import { useUserStore } from '../../stores/user';
import { breadcrumbTrail } from './breadcrumb-trail';

/** Trail of the matched routes; while /redirect/<path> passes through, the trail of <path>. */
export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const roles = useUserStore((s) => s.roles);
  const visible = useMemo(() => filterRoutes(APP_ROUTES, roles), [roles]);
  const path = isRedirectPath(pathname) ? pathname.slice(REDIRECT_PREFIX.length) || '/' : pathname;
  const trail = useMemo(() => breadcrumbTrail(visible, path), [visible, path]);

  return (
    <AntBreadcrumb
      className="navbar-breadcrumb"
      items={trail.map((crumb) => ({
        key: crumb.title,
        title: crumb.to ? (
          <Link to={crumb.to}>{t(`route.${crumb.title}`)}</Link>
        ) : (
          <span aria-current="page">{t(`route.${crumb.title}`)}</span>
        ),
      }))}
    />
  );
}
