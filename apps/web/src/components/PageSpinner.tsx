import { useTranslation } from 'react-i18next';

/**
 * Full-area loading indicator for the first guard check and lazy pages. Plain markup and CSS (global.css): it shows
 * before the component library has loaded, on the login page too.
 */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner-ring" aria-hidden />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
