import { Alert, Form, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { REVISE_EDIT_NS } from './i18n';
import type { RevisionTarget } from './use-revision-target';

const timeLabel = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** Choice of the grid to revise (type, factor, base time, lead) and what is known of it. */
export function GridTargetBar({ target }: { target: RevisionTarget }) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const { products, product, selection, data, factor } = target;
  if (target.noTypes) return <Alert type="warning" showIcon message={t('target.noTypes')} className="revise-alert" />;
  // The grid's own leads (with versions) when loaded, else the catalogue's for this factor.
  const leads = data?.leads.map((l) => l.lead) ?? factor?.leads ?? [];

  return (
    <div className="revise-target" data-testid="revise-target">
      <Form layout="vertical" size="small" className="revise-target-form">
        <Space wrap size={8} align="end">
          <Form.Item label={t('target.type')}>
            <Select
              className="revise-type"
              style={{ minWidth: 140 }}
              value={selection?.type}
              options={products.map((p) => ({ value: p.code, label: p.name }))}
              onChange={(type: string) => target.choose({ type, factor: '', baseTime: '' })}
            />
          </Form.Item>
          <Form.Item label={t('target.factor')}>
            <Select
              className="revise-factor"
              style={{ minWidth: 120 }}
              value={selection?.factor}
              options={(product?.factors ?? [])
                .filter((f) => f.baseTimes.length > 0)
                .map((f) => ({ value: f.code, label: f.unit ? `${f.name} (${f.unit})` : f.name }))}
              onChange={(factor: string) => target.choose({ factor })}
            />
          </Form.Item>
          <Form.Item label={t('target.baseTime')}>
            <Select
              className="revise-base-time"
              style={{ minWidth: 150 }}
              value={selection?.baseTime}
              options={(factor?.baseTimes ?? []).map((b) => ({ value: b, label: timeLabel(b) }))}
              onChange={(baseTime: string) => target.choose({ baseTime })}
            />
          </Form.Item>
          <Form.Item label={t('target.lead')}>
            <Select
              className="revise-lead"
              style={{ minWidth: 90 }}
              value={selection?.lead}
              options={leads.map((l) => ({ value: l, label: t('target.leadHours', { hours: l }) }))}
              onChange={(lead: number) => target.choose({ lead })}
            />
          </Form.Item>
        </Space>
      </Form>
      {data ? (
        <Typography.Text type="secondary" className="revise-grid-meta" data-testid="revise-grid-meta">
          {t('target.version', { version: data.version })}
          {data.updatedBy ? ` · ${t('target.lastEdit', { name: data.updatedBy, time: timeLabel(data.updatedAt) })}` : ''}
          {factor ? ` · ${t('target.range', { min: data.min, max: data.max, unit: data.unit })}` : ''}
        </Typography.Text>
      ) : target.isLoading ? (
        <Typography.Text type="secondary">{t('target.loading')}</Typography.Text>
      ) : null}
      {data && !data.allocated ? <Alert type="warning" showIcon message={t('target.notAllocated')} className="revise-alert" /> : null}
    </div>
  );
}
