import { ADMIN } from '@agromet/contracts/web';
import { Button, Checkbox, Divider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../../stores/user';
import { REVISE_EDIT_NS } from './i18n';
import { IssueForecast } from './IssueForecast';
import type { PatchSummary } from './revise-rules';
import type { RevisionTarget } from './use-revision-target';

/** Preview figures, the lead times to apply the revision to, and the submit and issue buttons. */
export function RevisionFooter({
  target,
  summary,
  onSubmit,
}: {
  target: RevisionTarget;
  summary: PatchSummary | null;
  /** Sends the revision; the button shows it pending until the answer is taken (or the send refused). */
  onSubmit: (leads: number[]) => Promise<void> | undefined;
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const roles = useUserStore((s) => s.roles);
  const { data, selection } = target;
  const [leads, setLeads] = useState<number[]>([]);
  // Pending is the footer's own state: the page does not re-render while its revision is on the way.
  const [submitting, setSubmitting] = useState(false);
  const send = () => {
    const sending = onSubmit(leads);
    if (!sending) return;
    setSubmitting(true);
    void sending.finally(() => setSubmitting(false));
  };
  const allLeads = data?.leads.map((l) => l.lead) ?? [];

  // A new grid (or lead) starts with the lead shown on the map.
  const shownLead = selection?.lead;
  const gridKey = selection ? `${selection.type}/${selection.factor}/${selection.baseTime}/${selection.lead}` : '';
  useEffect(() => {
    setLeads(shownLead === undefined ? [] : [shownLead]);
  }, [gridKey, shownLead]);

  const canSubmit = Boolean(data?.allocated && summary && summary.cells > 0 && leads.length > 0);
  const mayIssue = roles.includes(ADMIN) || roles.includes('revise.submit.admin');

  return (
    <div className="revise-footer">
      <Divider className="revise-divider" />
      <div className="revise-preview" data-testid="revise-preview">
        <Typography.Text strong>{t('preview.title')}: </Typography.Text>
        {summary && summary.cells > 0 ? (
          <Typography.Text>
            <span data-testid="revise-preview-cells">{t('preview.cells', { count: summary.cells })}</span>
            {' · '}
            {t('preview.change', { min: summary.minChange.toFixed(2), max: summary.maxChange.toFixed(2), unit: data?.unit ?? '' })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('preview.none')}</Typography.Text>
        )}
      </div>
      {allLeads.length > 1 ? (
        <div className="revise-leads">
          <Typography.Text>{t('leads.title')}</Typography.Text>
          <Space size={4}>
            <Button size="small" type="link" onClick={() => setLeads(allLeads)}>
              {t('leads.all')}
            </Button>
            <Button size="small" type="link" onClick={() => setLeads(selection ? [selection.lead] : [])}>
              {t('leads.current')}
            </Button>
          </Space>
          <Checkbox.Group
            className="revise-leads-group"
            value={leads}
            onChange={(v) => setLeads((v as number[]).slice().sort((a, b) => a - b))}
            options={allLeads.map((l) => ({ value: l, label: t('target.leadHours', { hours: l }) }))}
          />
        </div>
      ) : null}
      <Space wrap className="revise-actions">
        <Button type="primary" id="revise-submit" disabled={!canSubmit} loading={submitting} onClick={send}>
          {t('submit.button')}
        </Button>
        {mayIssue && data ? (
          <IssueForecast type={data.type} typeName={data.typeName} baseTime={data.baseTime} factors={target.product?.factors ?? []} />
        ) : null}
      </Space>
    </div>
  );
}
