import { Alert, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ForecastChoice } from '../../../components/forecast-choice/ForecastChoice';
import { formatDateTime } from '../../../lib/format-time';
import { REVISE_EDIT_NS } from './i18n';
import type { RevisionTarget } from './use-revision-target';

/** Choice of the grid to revise (type, factor, base time, lead) and what is known of it. */
export function GridTargetBar({ target }: { target: RevisionTarget }) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const { products, selection, data, factor } = target;
  if (target.noTypes) return <Alert type="warning" showIcon message={t('target.noTypes')} className="revise-alert" />;
  // The grid's own leads (with versions) when loaded, else the catalogue's for this factor.
  const leads = data?.leads.map((l) => l.lead) ?? factor?.leads ?? [];

  return (
    <div className="revise-target" data-testid="revise-target">
      <Form layout="vertical" size="small" className="revise-target-form">
        <div className="revise-target-fields">
          <ForecastChoice
            types={products}
            value={selection ?? {}}
            formItems
            on={{
              type: (type) => target.choose({ type, factor: '', baseTime: '' }),
              factor: (factor) => target.choose({ factor }),
              baseTime: (baseTime) => target.choose({ baseTime }),
            }}
            fields={{
              type: { label: t('target.type'), className: 'revise-type', style: { minWidth: 140 } },
              factor: { label: t('target.factor'), className: 'revise-factor', style: { minWidth: 120 } },
              baseTime: { label: t('target.baseTime'), className: 'revise-base-time', style: { minWidth: 150 } },
            }}
          />
          <Form.Item label={t('target.lead')}>
            <Select
              className="revise-lead"
              style={{ minWidth: 90 }}
              value={selection?.lead}
              options={leads.map((l) => ({ value: l, label: t('target.leadHours', { hours: l }) }))}
              onChange={(lead: number) => target.choose({ lead })}
            />
          </Form.Item>
        </div>
      </Form>
      {data ? (
        <Typography.Text type="secondary" className="revise-grid-meta" data-testid="revise-grid-meta">
          {t('target.version', { version: data.version })}
          {data.updatedBy ? ` · ${t('target.lastEdit', { name: data.updatedBy, time: formatDateTime(data.updatedAt) })}` : ''}
          {factor ? ` · ${t('target.range', { min: data.min, max: data.max, unit: data.unit })}` : ''}
        </Typography.Text>
      ) : target.isLoading ? (
        <Typography.Text type="secondary">{t('target.loading')}</Typography.Text>
      ) : null}
      {data && !data.allocated ? <Alert type="warning" showIcon message={t('target.notAllocated')} className="revise-alert" /> : null}
    </div>
  );
}
