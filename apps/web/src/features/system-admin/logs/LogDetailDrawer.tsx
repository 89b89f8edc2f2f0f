import type { LogRow } from '@agromet/contracts';
import { LOG_FIELDS } from '@agromet/contracts/web';
import { Descriptions, Drawer, Spin, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLog } from '../api/logs';
import { NS } from '../i18n';
import { formatDateTime, prettyJson } from '../utils/format';

/** One log row (fresh from GET /api/log/{id}) with every field; the parameters pretty-printed. */
export function LogDetailDrawer({ row, onClose }: { row: LogRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const query = useLog(row);
  const log = query.data ?? row;

  const render = (field: keyof LogRow) => {
    const value = log[field];
    if (field === 'createdAt') return formatDateTime(String(value));
    if (field === 'type') return t(`log.types.${String(value)}`, { defaultValue: String(value) });
    if (field === 'parameter')
      return (
        <pre className="json-block sa-json" id="log-detail-parameter">
          {prettyJson(String(value))}
        </pre>
      );
    return value === null || value === '' ? '—' : String(value);
  };

  const items: DescriptionsProps['items'] = LOG_FIELDS.map((field) => ({
    key: field,
    label: t(`log.fields.${field}`),
    children: render(field),
  }));

  return (
    <Drawer open title={t('log.detailTitle')} size={640} onClose={onClose} destroyOnHidden>
      <Spin spinning={query.isFetching}>
        <Descriptions id="log-detail" bordered column={1} size="small" items={items} styles={{ label: { width: 140 } }} />
      </Spin>
    </Drawer>
  );
}
