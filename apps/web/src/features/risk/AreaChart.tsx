import { useMemo } from 'react';
import { EChart } from '../../components/chart/EChart';
import { areaChartOption, type AreaTableRow } from './risk-rules';

/** Stacked bars of each area's km² per level in the warning colours (ECharts, loaded with the page's first chart). */
export function AreaChart({
  rows,
  levelNames,
  colors,
  title,
}: {
  rows: AreaTableRow[];
  levelNames: string[];
  colors: readonly string[];
  title: string;
}) {
  const key = JSON.stringify(areaChartOption(rows, levelNames, colors));
  // The same areas and names keep the same option: the chart is not drawn again.
  const option = useMemo(() => JSON.parse(key) as ReturnType<typeof areaChartOption>, [key]);
  if (option.yAxis.data.length === 0) return null;
  return (
    <figure className="rk-chart" data-testid="risk-chart">
      <figcaption>{title}</figcaption>
      <EChart option={option} height={Math.max(120, 48 + option.yAxis.data.length * 26)} testId="risk-chart-plot" label={title} />
    </figure>
  );
}
