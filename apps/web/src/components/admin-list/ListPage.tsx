import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './admin-list.css';

/**
 * Frame of an administration list page: heading (the route title), toolbar, content. `className` gives the
 * feature's look (its own padding, width, …) on top of the shared layout.
 */
export function ListPage({
  id,
  titleKey,
  className,
  toolbar,
  children,
  data,
}: {
  id: string;
  /** Key of the page's title under `route.` in the common bundle. */
  titleKey: string;
  className: string;
  toolbar?: ReactNode;
  children: ReactNode;
  /** data-* attributes describing what the page shows (for tests and tooling). */
  data?: Record<`data-${string}`, string | number>;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-title`;
  return (
    <section className={className} id={id} aria-labelledby={headingId} {...data}>
      <Typography.Title level={4} id={headingId} className="list-page-title">
        {t(`route.${titleKey}`)}
      </Typography.Title>
      {toolbar ? <div className="list-toolbar">{toolbar}</div> : null}
      {children}
    </section>
  );
}
