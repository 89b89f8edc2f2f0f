import type { BaseFactor } from '@agromet/contracts';
import { ZONING_CLASS_COLORS } from '@agromet/contracts/web';
import type { FactorRule, ZoningMethod } from '@agromet/grid';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassTag } from '../common/ClassName';
import { formatValue } from '../common/format';
import { NS } from '../i18n';
import { classIntervals, formatInterval, formatThreshold, formatVeto, needsWeights } from './criterion-rules';
import { nameWithUnit } from '../../../lib/format-unit';

interface Row {
  key: number;
  name: string;
  weight: number | undefined;
  byClass: string[];
  veto: string;
}

/**
 * The criterion as specialists publish it: one row per factor, one column per class, each cell the value range that
 * gives the class ("> 15.5", "(14.4, 15.5]", "≤ 12.4"), with the factor's veto after its weight ("≤ −19": unsuitable
 * there whatever the other factors).
 */
export function ThresholdSummary({
  rules,
  factors,
  method,
  classNames,
}: {
  rules: readonly FactorRule[];
  factors: readonly BaseFactor[];
  method: ZoningMethod;
  classNames: readonly string[];
}) {
  const { t } = useTranslation(NS);
  const rows = useMemo<Row[]>(
    () =>
      rules.map((rule, k) => {
        const factor = factors.find((f) => f.code === rule.factor);
        const valid = rule.breaks.every(Number.isFinite);
        return {
          key: k,
          name: factor ? nameWithUnit(factor) : rule.factor,
          weight: rule.weight,
          byClass: valid
            ? classIntervals(rule).map(
                (list) => list.map((i) => formatInterval(i, formatThreshold, t('criterion.allValues'))).join('; ') || '—',
              )
            : classNames.map(() => '…'),
          veto: formatVeto(rule.veto, formatThreshold) || '—',
        };
      }),
    [rules, factors, classNames, t],
  );
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { title: t('criterion.factorColumn'), dataIndex: 'name', fixed: 'left' },
      ...(needsWeights(method)
        ? [
            {
              title: t('criterion.weightColumn'),
              dataIndex: 'weight',
              align: 'right' as const,
              render: (w: number | undefined) => formatValue(w, 4),
            },
          ]
        : []),
      // beside the factor, where it is seen without scrolling: the limit that overrides the classes
      { title: t('criterion.vetoColumn'), dataIndex: 'veto', className: 'zn-summary-veto' },
      ...classNames.map((name, cls) => ({
        title: <ClassTag cls={cls} name={name} colors={ZONING_CLASS_COLORS} />,
        key: `c${cls}`,
        render: (_: unknown, r: Row) => r.byClass[cls],
      })),
    ],
    [t, method, classNames],
  );
  return (
    <Table<Row>
      className="zn-summary-table"
      data-testid="zoning-threshold-summary"
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('criterion.noFactors') }}
    />
  );
}
