import type { HazardCondition } from '@agromet/contracts';
import { RISK_LEVEL_COLORS } from '@agromet/contracts/web';
import { InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { withCondition, withOffset, withThreshold, type Draft } from './hazard-draft';
import { CellProblem, RemoveRowButton } from './HazardCells';
import { NS } from './i18n';
import { LEVELS } from './risk-rules';

interface Element {
  code: string;
  name: string;
  unit: string;
}

interface Props {
  conditions: readonly HazardCondition[];
  /** The forecast type's elements a condition may test. */
  elements: readonly Element[];
  problemAt: (path: string) => string | undefined;
  update: (fn: (d: Draft) => Draft) => void;
}

/** The conditions: per row an element, ≤ or ≥, the thresholds of levels IV…I under their warning colours, an offset. */
export function HazardConditions({ conditions, elements, problemAt, update }: Props) {
  const { t } = useTranslation(NS);
  return (
    <table className="rk-thresholds-table" data-testid="risk-thresholds">
      <thead>
        <tr>
          <th>{t('hazard.element')}</th>
          <th>{t('hazard.op')}</th>
          {LEVELS.map((l, k) => (
            <th key={l} className="rk-level-col" style={{ borderTopColor: RISK_LEVEL_COLORS[k] }}>
              <span className="rk-swatch" style={{ background: RISK_LEVEL_COLORS[k] }} /> {t(`levels.l${l}`)}
            </th>
          ))}
          <th title={t('hazard.offsetHint')}>{t('hazard.offset')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {conditions.map((c, i) => (
          <ConditionRow key={i} i={i} c={c} count={conditions.length} elements={elements} problemAt={problemAt} update={update} />
        ))}
      </tbody>
    </table>
  );
}

function ConditionRow({
  i,
  c,
  count,
  elements,
  problemAt,
  update,
}: Omit<Props, 'conditions'> & { i: number; c: HazardCondition; count: number }) {
  const { t } = useTranslation(NS);
  const setCondition = (fn: (c: HazardCondition) => HazardCondition) => update((d) => withCondition(d, i, fn));
  const elementProblem = problemAt(`conditions.${i}.element`);
  return (
    <tr data-condition={i}>
      <td>
        <Select
          aria-label={`${t('hazard.element')} ${i + 1}`}
          className="rk-element"
          value={c.element || undefined}
          status={elementProblem ? 'error' : undefined}
          showSearch={{ optionFilterProp: 'label' }}
          options={elements.map((f) => ({
            value: f.code,
            label: `${t(`elements.${f.code}`, { defaultValue: f.name })} (${f.unit})`,
          }))}
          onChange={(element: string) => setCondition((x) => ({ ...x, element }))}
        />
        <CellProblem problem={elementProblem} />
      </td>
      <td>
        <Select
          aria-label={`${t('hazard.op')} ${i + 1}`}
          value={c.op}
          popupMatchSelectWidth={false}
          options={(['le', 'ge'] as const).map((op) => ({ value: op, label: op === 'le' ? '≤' : '≥', title: t(`ops.${op}`) }))}
          onChange={(op: 'le' | 'ge') => setCondition((x) => ({ ...x, op }))}
        />
      </td>
      {LEVELS.map((l, k) => {
        const problem = problemAt(`conditions.${i}.thresholds.${k}`);
        return (
          <td key={l}>
            <InputNumber
              aria-label={`${t(`levels.l${l}`)} ${i + 1}`}
              data-testid={`threshold-${i}-${k}`}
              className="rk-threshold"
              value={c.thresholds[k]}
              placeholder={t('hazard.unused')}
              status={problem ? 'error' : undefined}
              onChange={(v) => setCondition((x) => withThreshold(x, k, v))}
            />
            <CellProblem problem={problem} testId={`problem-${i}-${k}`} />
          </td>
        );
      })}
      <td>
        <InputNumber
          aria-label={`${t('hazard.offset')} ${i + 1}`}
          data-testid={`offset-${i}`}
          className="rk-threshold"
          min={-10}
          max={10}
          step={0.5}
          value={c.offset ?? null}
          placeholder="0"
          status={problemAt(`conditions.${i}.offset`) ? 'error' : undefined}
          onChange={(v) => setCondition((x) => withOffset(x, v))}
        />
      </td>
      <td>
        <RemoveRowButton
          label={t('hazard.removeCondition')}
          disabled={count <= 1}
          onClick={() => update((d) => ({ ...d, conditions: d.conditions.filter((_, k) => k !== i) }))}
        />
      </td>
    </tr>
  );
}
