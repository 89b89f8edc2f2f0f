import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../system-admin.css';

/** Frame of a system-administration page: heading (the route title), toolbar, content. */
export function AdminPage({ id, titleKey, toolbar, children }: { id: string; titleKey: string; toolbar?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = `${id}-title`;
  return (
    <section className="sa-page" id={id} aria-labelledby={headingId}>
      <Typography.Title level={4} id={headingId} className="sa-page-title">
        {t(`route.${titleKey}`)}
      </Typography.Title>
      {toolbar ? <div className="sa-toolbar">{toolbar}</div> : null}
      {children}
    </section>
  );
}
