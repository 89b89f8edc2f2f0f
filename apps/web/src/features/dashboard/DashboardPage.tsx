import { holdsPlatformScope } from '@agromet/contracts/web';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { visibleDashboardCards, type DashboardCardDef } from '../../lib/dashboard-cards';
import { request } from '../../lib/request';
import { useUserStore } from '../../stores/user';
import { accessibleSections } from './dashboard-links';
import './dashboard.css';

// One lazy component per card, made once: a new one each render would remount the card.
const lazyCards = new Map<string, LazyExoticComponent<ComponentType>>();
function cardComponent(card: DashboardCardDef): LazyExoticComponent<ComponentType> {
  let component = lazyCards.get(card.id);
  if (!component) {
    component = lazy(card.load);
    lazyCards.set(card.id, component);
  }
  return component;
}

/**
 * For the platform administrator in the platform's own context: the cards are empty because grids, products and
 * records belong to customers; says whose the demo data is and where to choose it (the top bar's customer box).
 */
function PlatformContextNote({ homeCustomerId }: { homeCustomerId: number | null }) {
  const { t, i18n } = useTranslation();
  const options = useQuery({
    queryKey: ['navbar', 'customer-options'],
    queryFn: ({ signal }) => request('customerOptions', { signal }),
  });
  if (!options.data) return null;
  const others = options.data.filter((o) => o.id !== homeCustomerId).map((o) => o.name);
  const names = new Intl.ListFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language, { type: 'conjunction' }).format(others.slice(0, 5));
  const text =
    others.length === 0
      ? t('dashboard.platformContext.noCustomers')
      : t(others.length === 1 ? 'dashboard.platformContext.text' : 'dashboard.platformContext.textMany', { customers: names });
  return (
    <Alert
      id="dashboard-platform-context"
      type="info"
      showIcon
      title={t('dashboard.platformContext.title')}
      description={text}
      action={
        others.length > 0 ? (
          <Button size="small" onClick={() => document.getElementById('customer-context')?.focus()}>
            {t('dashboard.platformContext.choose')}
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * /dashboard: greeting and customer, the cards the user's codes allow (each feature contributes its own, see
 * lib/dashboard-cards.ts), and a link to every page the user may open.
 */
export function DashboardPage({ cards = [] }: { cards?: readonly DashboardCardDef[] }) {
  const { t } = useTranslation();
  const { name, username, customer, roles, customerId, homeCustomerId } = useUserStore(
    useShallow((s) => ({
      name: s.name,
      username: s.username,
      customer: s.customer,
      roles: s.roles,
      customerId: s.customerId,
      homeCustomerId: s.homeCustomerId,
    })),
  );
  // The platform in its own context (not working for a customer): its cards have nothing of a customer to show.
  const platformHome = holdsPlatformScope(roles) && customerId === homeCustomerId;
  const sections = useMemo(() => accessibleSections(roles), [roles]);
  const visible = useMemo(() => visibleDashboardCards(cards, roles), [cards, roles]);

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
        {platformHome ? <PlatformContextNote homeCustomerId={homeCustomerId} /> : null}
      </Card>

      <div className="dashboard-cards">
        {visible.map((card) => {
          const Body = cardComponent(card);
          return (
            <section key={card.id} id={`dashboard-card-${card.id}`} className={`dashboard-card dashboard-card-span-${card.span}`}>
              <Suspense
                fallback={
                  <Card>
                    <Skeleton active />
                  </Card>
                }
              >
                <Body />
              </Suspense>
            </section>
          );
        })}
      </div>

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
