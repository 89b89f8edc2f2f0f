import { useEffect, useRef } from 'react';

/**
 * One ECharts chart. ECharts loads in its own chunk the first time a chart is shown (the meteogram's set-up: bar and
 * line charts, grid, legend, tooltip), so the page's table and map do not wait for it.
 */
export function EChart({ option, height, testId, className }: { option: object; height: number; testId: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption: (o: unknown) => void; dispose: () => void; resize: () => void } | null = null;
    const resize = () => chart?.resize();
    void import('../meteogram/echarts-setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart = echarts.init(box.current);
      chart.setOption(option);
      box.current.dataset.chart = 'ready';
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [option]);
  return <div ref={box} className={className} data-testid={testId} style={{ width: '100%', height }} />;
}
