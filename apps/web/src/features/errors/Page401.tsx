import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { backTarget } from './back-target';
import { ErrorResult } from './ErrorResult';

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

  const action = { id: 'back-button', label: t('errors.back'), onClick: back };
  return <ErrorResult status="403" code="401" message={t('errors.unauthorizedMessage')} action={action} />;
}
