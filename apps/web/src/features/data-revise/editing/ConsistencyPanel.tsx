import type { ConsistencyViolation } from '@agromet/contracts';
import { Button, List, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useConsistency, useConsistencyFix } from './api';
import { violationKey, violationsOfGrid } from './consistency-rules';
import { REVISE_EDIT_NS } from './i18n';
import type { RevisionTarget } from './use-revision-target';
import { useViolationsLayer } from './use-violations-layer';

/**
 * The consistency of the forecast being revised: the violations involving the grid on the map, outlined there, each
 * with its one-click fix; the others of the forecast are counted. Re-read after every revision and fix.
 */
export function ConsistencyPanel({ target }: { target: RevisionTarget }) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const { data, selection, product } = target;
  const report = useConsistency(data?.type, data?.baseTime);
  const fix = useConsistencyFix();
  const here = useMemo(() => violationsOfGrid(report.data, selection?.factor, selection?.lead), [report.data, selection]);
  const outlined = useViolationsLayer(here);
  const factorName = (code: string) => product?.factors.find((f) => f.code === code)?.name ?? code;
  const others = (report.data?.violations.length ?? 0) - here.length;

  const run = (v?: ConsistencyViolation) => {
    if (!data) return;
    const body = { type: data.type, baseTime: data.baseTime, ...(v ? { rule: v.rule, factor: v.factor, lead: v.lead } : {}) };
    fix
      .mutateAsync(body)
      .then((r) => {
        toastSuccess(t('consistency.fixed', { count: r.fixed, grids: r.records.length }));
        return target.refetch();
      })
      .catch((e: unknown) => logUnlessShown(e, 'consistency fix'));
  };

  if (!data || !report.data) return null;
  return (
    <section className="revise-consistency" data-testid="consistency-panel" data-outlined={outlined} aria-label={t('consistency.title')}>
      <Space size={8} wrap>
        <Typography.Text strong>{t('consistency.title')}</Typography.Text>
        {report.data.violations.length === 0 ? (
          <Tag color="success" data-testid="consistency-ok">
            {t('consistency.none')}
          </Tag>
        ) : (
          <Button id="consistency-fix-all" size="small" danger loading={fix.isPending} onClick={() => run()}>
            {t('consistency.fixAll', { count: report.data.violations.length })}
          </Button>
        )}
      </Space>
      {here.length > 0 ? (
        <List
          size="small"
          data-testid="consistency-violations"
          dataSource={here}
          rowKey={violationKey}
          renderItem={(v) => (
            <List.Item
              className="consistency-violation"
              data-key={violationKey(v)}
              actions={[
                <Button key="fix" size="small" type="link" loading={fix.isPending} onClick={() => run(v)}>
                  {t(`consistency.fix.${v.rule}`)}
                </Button>,
              ]}
            >
              <Typography.Text type="danger">
                {t(`consistency.rules.${v.rule}`)} · {factorName(v.factor)} {t('issue.lead', { hours: v.lead })} ·{' '}
                {t('consistency.cells', { count: v.cells })}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : null}
      {here.length > 0 ? (
        <Typography.Text type="secondary" data-testid="consistency-outlined">
          {t('consistency.outlined', { count: outlined })}
        </Typography.Text>
      ) : null}
      {others > 0 ? (
        <Typography.Paragraph type="secondary" className="revise-hint">
          {t('consistency.elsewhere', { count: others })}
        </Typography.Paragraph>
      ) : null}
    </section>
  );
}
