import { Card, Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useUserStore } from '../../stores/user';
import { accessibleSections } from './dashboard-links';
import './dashboard.css';

/** /dashboard: greeting, customer, and a link to every page the user may open. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { name, username, customer, roles } = useUserStore(
    useShallow((s) => ({ name: s.name, username: s.username, customer: s.customer, roles: s.roles })),
  );
  const sections = useMemo(() => accessibleSections(roles), [roles]);

  return (
    <div className="dashboard">
      <Card className="dashboard-welcome">
        <Typography.Title level={2} id="dashboard-greeting" className="dashboard-greeting">
          {t('dashboard.greeting', { name: name || username })}
        </Typography.Title>
        {customer ? (
          <Typography.Paragraph id="dashboard-customer" className="dashboard-customer">
            {t('dashboard.customer', { customer })}
          </Typography.Paragraph>
        ) : null}
      </Card>

      <nav aria-labelledby="dashboard-pages-title" className="dashboard-pages">
        <Typography.Title level={3} id="dashboard-pages-title">
          {t('dashboard.pages')}
        </Typography.Title>
        {sections.length === 0 ? <Empty description={t('dashboard.noPages')} /> : null}
        {sections.map((section) => {
          const headingId = `dashboard-section-${section.group ?? 'top'}`;
          return (
            <section key={section.group ?? 'top'} aria-labelledby={section.group ? headingId : undefined} className="dashboard-section">
              {section.group ? (
                <Typography.Title level={4} id={headingId} className="dashboard-section-title">
                  {t(`route.${section.group}`)}
                </Typography.Title>
              ) : null}
              <ul className="dashboard-links">
                {section.pages.map((page) => (
                  <li key={page.path}>
                    <Link to={page.path} className="dashboard-link" data-path={page.path}>
                      {t(`route.${page.title}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </nav>
    </div>
  );
}
