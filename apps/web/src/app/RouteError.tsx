import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';

/** Error element of the root route: unexpected render or loader errors. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/404" replace />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Result
      status="error"
      title={t('errors.unexpectedTitle')}
      subTitle={t('errors.unexpectedMessage')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      }
    />
  );
}
