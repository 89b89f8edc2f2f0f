import { holdsPlatformScope } from '@agromet/contracts/web';
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { visibleDashboardCards, type DashboardCardDef } from '../../lib/dashboard-cards';
import { lazyPart } from '../../lib/lazy-part';
import { useUserStore } from '../../stores/user';
import { accessibleSections } from './dashboard-links';
import './dashboard.css';

// Only the platform administrator at home sees it; antd's alert comes with it.
const PlatformContextNote = lazyPart(() => import('./PlatformContextNote').then((m) => m.PlatformContextNote));

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

/** Where a card will be while its chunk loads: grey bars, as antd's skeleton draws them. */
function CardPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="dashboard-panel dashboard-card-placeholder" role="status" aria-busy="true" aria-label={t('dashboard.loading')}>
      <span className="dashboard-placeholder-title" />
      <span className="dashboard-placeholder-line" />
      <span className="dashboard-placeholder-line" />
      <span className="dashboard-placeholder-line short" />
    </div>
  );
}

/**
 * /dashboard: greeting and customer, the cards the user's codes allow (each feature contributes its own, see
 * lib/dashboard-cards.ts), and a link to every page the user may open. The page itself is plain markup, so the first
 * signed-in page does not wait for the component library's cards and typography (docs/console.md#weight).
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
      <section className="dashboard-welcome dashboard-panel">
        <h2 id="dashboard-greeting" className="dashboard-greeting">
          {t('dashboard.greeting', { name: name || username })}
        </h2>
        {customer ? (
          <p id="dashboard-customer" className="dashboard-customer">
            {t('dashboard.customer', { customer })}
          </p>
        ) : null}
        {platformHome ? (
          <Suspense fallback={null}>
            <PlatformContextNote homeCustomerId={homeCustomerId} />
          </Suspense>
        ) : null}
      </section>

      <div className="dashboard-cards">
        {visible.map((card) => {
          const Body = cardComponent(card);
          return (
            <section key={card.id} id={`dashboard-card-${card.id}`} className={`dashboard-card dashboard-card-span-${card.span}`}>
              <Suspense fallback={<CardPlaceholder />}>
                <Body />
              </Suspense>
            </section>
          );
        })}
      </div>

      <nav aria-labelledby="dashboard-pages-title" className="dashboard-pages">
        <h3 id="dashboard-pages-title" className="dashboard-pages-title">
          {t('dashboard.pages')}
        </h3>
        {sections.length === 0 ? <p className="dashboard-empty">{t('dashboard.noPages')}</p> : null}
        {sections.map((section) => {
          const headingId = `dashboard-section-${section.group ?? 'top'}`;
          return (
            <section key={section.group ?? 'top'} aria-labelledby={section.group ? headingId : undefined} className="dashboard-section">
              {section.group ? (
                <h4 id={headingId} className="dashboard-section-title">
                  {t(`route.${section.group}`)}
                </h4>
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
