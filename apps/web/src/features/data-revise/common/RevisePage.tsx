import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './data-revise.css';

/** Frame of a data-revision administration page in the map panel: heading (the route title), toolbar, content. */
export function RevisePage({ id, titleKey, toolbar, children, data }: {
  id: string;
  titleKey: string;
  toolbar?: ReactNode;
  children: ReactNode;
  /** data-* attributes describing what the page shows (for tests and tooling). */
  data?: Record<`data-${string}`, string | number>;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-title`;
  return (
    <section className="dr-page" id={id} aria-labelledby={headingId} {...data}>
      <Typography.Title level={4} id={headingId} className="dr-page-title">
        {t(`route.${titleKey}`)}
      </Typography.Title>
      {toolbar ? <div className="dr-toolbar">{toolbar}</div> : null}
      {children}
    </section>
  );
}
