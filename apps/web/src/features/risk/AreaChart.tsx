import { useEffect, useRef } from 'react';
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
  const box = useRef<HTMLDivElement | null>(null);
  const option = areaChartOption(rows, levelNames, colors);
  const height = Math.max(120, 48 + option.yAxis.data.length * 26);
  const key = JSON.stringify(option);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption(o: unknown): void; dispose(): void; resize(): void } | null = null;
    const observer = new ResizeObserver(() => chart?.resize());
    void import('../../components/meteogram/echarts-setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart = echarts.init(box.current);
      chart.setOption(JSON.parse(key));
      observer.observe(box.current);
    });
    return () => {
      disposed = true;
      observer.disconnect();
      chart?.dispose();
    };
  }, [key]);
  if (option.yAxis.data.length === 0) return null;
  return (
    <figure className="rk-chart" data-testid="risk-chart">
      <figcaption>{title}</figcaption>
      <div ref={box} style={{ width: '100%', height }} role="img" aria-label={title} />
    </figure>
  );
}
