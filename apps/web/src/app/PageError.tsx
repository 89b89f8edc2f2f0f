import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useMatches, useNavigate, useRouteError } from 'react-router';
import { reloadPage } from '../lib/reload';
import { errorLogStore, messageOf } from '../stores/error-log';

/**
 * Error element of every page and group route: a page that fails to load (its chunk) or to
 * render shows this panel in its place, the rest of the console keeps working, and the error
 * goes to the error log.
 */
export function PageError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    // A render error is also reported by React with its component stack; the log merges both.
    if (!notFound) errorLogStore.getState().add({ error, info: `route: ${routeId}` });
  }, [error, notFound, routeId]);

  if (notFound) return <Navigate to="/404" replace />;
  return (
    <Result
      status="error"
      className="page-error"
      title={t('errors.pageErrorTitle')}
      subTitle={messageOf(error, t('errors.unexpectedMessage'))}
      extra={[
        <Button key="reload" type="primary" onClick={reloadPage}>
          {t('errors.reload')}
        </Button>,
        <Button key="home" onClick={() => void navigate('/dashboard')}>
          {t('errors.home')}
        </Button>,
      ]}
    />
  );
}
