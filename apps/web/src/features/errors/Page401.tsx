import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { backTarget } from './back-target';

/** /401: the user lacks the role for the page they asked for. */
export function Page401() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();

  const back = () => {
    const target = backTarget(search);
    if (target === -1) void navigate(-1);
    else void navigate(target);
  };

  return (
    <main className="error-page">
      <Result
        status="403"
        title="401"
        subTitle={t('errors.unauthorizedMessage')}
        extra={
          <Button id="back-button" type="primary" onClick={back}>
            {t('errors.back')}
          </Button>
        }
      />
    </main>
  );
}
