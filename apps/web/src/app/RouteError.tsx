import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { reloadPage } from '../lib/reload';

/**
 * Error element of the root route: unexpected render or loader errors, a console chunk that failed to load. Plain
 * markup (global.css): it must show even when no further chunk can be fetched.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="route-error" role="alert">
      <svg className="route-error-icon" viewBox="0 0 48 48" width="72" height="72" aria-hidden>
        <circle cx="24" cy="24" r="22" />
        <path d="M17 17l14 14M31 17L17 31" />
      </svg>
      <h1 className="route-error-title">{t('errors.unexpectedTitle')}</h1>
      <p className="route-error-message">{t('errors.unexpectedMessage')}</p>
      <button type="button" className="plain-button plain-button-primary" onClick={reloadPage}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
