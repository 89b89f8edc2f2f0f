import { useTranslation } from 'react-i18next';
import type { CalendarDraft } from './calendar-draft';
import { NS } from './i18n';
import { estimateLabelWidth, labelPlacement, timelineBars } from './timeline';

const LABEL_SIZE = 12;
const STAGE_COLORS = ['#8dd3c7', '#ffffb3', '#bebada', '#fb8072', '#80b1d3', '#fdb462', '#b3de69', '#fccde5', '#d9d9d9', '#bc80bd'];

/** The stages as bars over the twelve months (SVG), each named. */
export function Timeline({ stages }: { stages: CalendarDraft['stages'] }) {
  const { t } = useTranslation(NS);
  const months = t('months').split(',');
  const W = 720;
  const rowH = 20;
  const H = 20 + stages.length * rowH;
  const bars = timelineBars(stages);
  return (
    <svg className="cc-timeline" data-testid="calendar-timeline" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('timeline')}>
      {months.map((m, k) => (
        <g key={m}>
          <line x1={(W * k) / 12} x2={(W * k) / 12} y1={0} y2={H} stroke="#d9d9d9" />
          <text x={(W * (k + 0.5)) / 12} y={13} textAnchor="middle" fontSize={11} fill="#595959">
            {m}
          </text>
        </g>
      ))}
      {bars.map((b, k) => {
        const name = stages[b.stage]!.name || stages[b.stage]!.code;
        // Inside the bar when it fits, else beside it on the bar's own row, so no name runs across a bar's edge.
        const label = labelPlacement(b, estimateLabelWidth(name, LABEL_SIZE), W);
        return (
          <g key={k} data-stage={stages[b.stage]!.code}>
            <rect
              x={b.from * W}
              y={20 + b.stage * rowH}
              width={Math.max(1, (b.to - b.from) * W)}
              height={rowH - 4}
              rx={3}
              fill={STAGE_COLORS[b.stage % STAGE_COLORS.length]}
              stroke="#8c8c8c"
            />
            <text x={label.x} y={20 + b.stage * rowH + 12} fontSize={LABEL_SIZE} textAnchor={label.anchor} fill="#262626">
              {name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
