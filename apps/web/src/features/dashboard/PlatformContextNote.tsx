import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/request';

/**
 * For the platform administrator in the platform's own context: the cards are empty because grids, products and
 * records belong to customers; says whose the demo data is and where to choose it (the top bar's customer box).
 */
export function PlatformContextNote({ homeCustomerId }: { homeCustomerId: number | null }) {
  const { t, i18n } = useTranslation();
  const options = useQuery({
    queryKey: ['navbar', 'customer-options'],
    queryFn: ({ signal }) => request('customerOptions', { signal }),
  });
  if (!options.data) return null;
  const others = options.data.filter((o) => o.id !== homeCustomerId).map((o) => o.name);
  const names = new Intl.ListFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language, { type: 'conjunction' }).format(others.slice(0, 5));
  const text =
    others.length === 0
      ? t('dashboard.platformContext.noCustomers')
      : t(others.length === 1 ? 'dashboard.platformContext.text' : 'dashboard.platformContext.textMany', { customers: names });
  return (
    <Alert
      id="dashboard-platform-context"
      type="info"
      showIcon
      title={t('dashboard.platformContext.title')}
      description={text}
      action={
        others.length > 0 ? (
          <Button size="small" onClick={() => document.getElementById('customer-context')?.focus()}>
            {t('dashboard.platformContext.choose')}
          </Button>
        ) : undefined
      }
    />
  );
}
