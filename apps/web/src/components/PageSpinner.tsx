import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Full-area loading indicator for lazy pages and the first guard check. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
