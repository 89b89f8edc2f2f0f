import { useEffect, useRef, useState } from 'react';
import { AXIS_LABEL_FONT, fitCategoryLabels, labelsDepth } from './axis-labels';

let context: CanvasRenderingContext2D | null | undefined;

/** Width of an axis label's text, measured in the axis font (about 0.6 em a character where there is no canvas). */
function measureAxisLabel(text: string): number {
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 7.2;
  context.font = AXIS_LABEL_FONT;
  return context.measureText(text).width;
}

/**
 * One ECharts chart. ECharts loads in its own chunk the first time a chart is shown (the meteogram's set-up: bar and
 * line charts, grid, legend, tooltip), so the page's table and map do not wait for it. The chart follows its box's
 * width, and its category axes' labels are fitted to it (axis-labels.ts: wrapped or turned, never cut or overlapping);
 * the chart grows by as much as they reach below one line, so that its plot keeps `height`'s room.
 */
export function EChart({
  option,
  height,
  testId,
  className,
  label,
}: {
  option: object;
  height: number;
  testId: string;
  className?: string;
  /** What the chart shows, for screen readers. */
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [depth, setDepth] = useState(0);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption: (o: unknown, opts?: { notMerge?: boolean }) => void; dispose: () => void; resize: () => void } | null = null;
    let drawn = '';
    // The option fitted to the box's width; drawn again only when the labels' fit changes.
    const draw = () => {
      const el = box.current;
      if (!chart || !el) return;
      chart.resize();
      const fitted = fitCategoryLabels(option, el.clientWidth, measureAxisLabel) as Record<string, unknown>;
      const fit = JSON.stringify([fitted.xAxis, fitted.yAxis, fitted.grid]);
      if (fit === drawn) return;
      drawn = fit;
      chart.setOption(fitted, { notMerge: true });
      // A new height resizes the box: drawn again at that size (the same fit).
      setDepth(labelsDepth(fitted, measureAxisLabel));
    };
    const observer = new ResizeObserver(draw);
    void import('../meteogram/echarts-setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart = echarts.init(box.current);
      draw();
      box.current.dataset.chart = 'ready';
      observer.observe(box.current);
    });
    return () => {
      disposed = true;
      observer.disconnect();
      chart?.dispose();
    };
  }, [option]);
  return (
    <div
      ref={box}
      className={className}
      data-testid={testId}
      style={{ width: '100%', height: height + depth }}
      role={label ? 'img' : undefined}
      aria-label={label}
    />
  );
}
