import type { BaseFactor } from '@agromet/contracts';
import { ZONING_CLASS_COLORS } from '@agromet/contracts/web';
import type { FactorRule } from '@agromet/grid';
import { Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFactorHistogram } from '../api/factors';
import { formatValue } from '../common/format';
import { histogramBars } from '../common/histogram-rules';
import { NS } from '../i18n';

const WIDTH = 240;
const HEIGHT = 96;
const AXIS = 14;

/**
 * The distribution of a factor's grid cells, each bar coloured by the class its values get from the thresholds being
 * edited (grey where a threshold cuts the bar), with the thresholds drawn as lines.
 */
export function FactorHistogram({ factor, rule }: { factor: BaseFactor | undefined; rule: FactorRule }) {
  const { t } = useTranslation(NS);
  const query = useFactorHistogram(factor?.code, Boolean(factor?.hasGrid));
  const bars = useMemo(() => (query.data ? histogramBars(query.data, rule) : []), [query.data, rule]);
  const title = t('criterion.histogram', { factor: factor?.name ?? rule.factor });

  if (!factor?.hasGrid) return <figure className="zn-histogram zn-hint">{t('criterion.histogramEmpty')}</figure>;
  if (!query.data) return <Spin size="small" />;
  const lo = query.data.edges[0] ?? 0;
  const hi = query.data.edges[query.data.edges.length - 1] ?? 1;
  const span = hi - lo || 1;
  const max = Math.max(1, ...bars.map((b) => b.count));
  const x = (v: number) => ((v - lo) / span) * WIDTH;
  const plot = HEIGHT - AXIS;
  return (
    <figure className="zn-histogram" data-testid="zoning-histogram" data-factor={factor.code}>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {bars.map((b, k) => {
          const h = (plot * b.count) / max;
          return (
            <rect
              key={k}
              x={x(b.from) + 0.5}
              y={plot - h}
              width={Math.max(0.5, x(b.to) - x(b.from) - 1)}
              height={h}
              fill={b.cls === null ? '#bfbfbf' : ZONING_CLASS_COLORS[b.cls]}
              data-class={b.cls ?? ''}
            >
              <title>{t('criterion.histogramBar', { from: formatValue(b.from), to: formatValue(b.to), count: b.count })}</title>
            </rect>
          );
        })}
        {rule.breaks
          .filter((v) => Number.isFinite(v) && v > lo && v < hi)
          .map((v, k) => (
            <line key={k} x1={x(v)} x2={x(v)} y1={0} y2={plot} stroke="#cf1322" strokeWidth={1} strokeDasharray="3 2" />
          ))}
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} stroke="rgba(0,0,0,0.3)" />
        <text x={0} y={HEIGHT - 2} className="zn-histogram-axis">
          {formatValue(lo)}
        </text>
        <text x={WIDTH} y={HEIGHT - 2} textAnchor="end" className="zn-histogram-axis">
          {`${formatValue(hi)} ${factor.unit}`.trim()}
        </text>
      </svg>
    </figure>
  );
}
