import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorResult } from './ErrorResult';

/** /404: no such page. */
export function Page404() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = () => void navigate('/');
  const action = { id: 'home-button', label: t('errors.home'), onClick: home };
  return <ErrorResult status="404" code="404" message={t('errors.notFoundMessage')} action={action} />;
}
