import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** /404: no such page. */
export function Page404() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="404"
        title="404"
        subTitle={t('errors.notFoundMessage')}
        extra={
          <Button id="home-button" type="primary" onClick={() => void navigate('/')}>
            {t('errors.home')}
          </Button>
        }
      />
    </main>
  );
}
