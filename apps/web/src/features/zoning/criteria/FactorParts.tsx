import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { BaseFactor } from '@agromet/contracts';
import { ZONING_CLASS_COLORS, ZONING_LIMITS } from '@agromet/contracts/web';
import type { CriterionProblem, FactorRule, ZoningMethod } from '@agromet/grid';
import { Alert, Button, Checkbox, Form, InputNumber, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClassTag } from '../common/ClassName';
import { NS } from '../i18n';
import {
  addBreak,
  formatInterval,
  formatThreshold,
  needsWeights,
  removeBreak,
  setVetoBound,
  toggleVeto,
  type FactorRange,
} from './criterion-rules';
import { useFieldStatus, useProblemText } from './field-status';

const num = (v: number) => (Number.isFinite(v) ? v : null);

interface Part {
  index: number;
  rule: FactorRule;
  problems: ReadonlyMap<string, CriterionProblem>;
  onChange: (rule: FactorRule) => void;
}

/** A factor's thresholds: per interval (closed above) its upper bound and class; adding and removing breaks. */
export function FactorBreaks({
  index,
  rule,
  range,
  classNames,
  problems,
  onChange,
}: Part & { range: FactorRange | undefined; classNames: readonly string[] }) {
  const { t } = useTranslation(NS);
  const field = useFieldStatus(problems);
  const text = useProblemText();
  const setBreak = (j: number, v: number | null) =>
    onChange({ ...rule, breaks: rule.breaks.map((b, k) => (k === j ? (v ?? Number.NaN) : b)) });
  const setClass = (j: number, c: number) => onChange({ ...rule, classes: rule.classes.map((x, k) => (k === j ? c : x)) });
  const classOptions = classNames.map((name, c) => ({ value: c, label: <ClassTag cls={c} name={name} colors={ZONING_CLASS_COLORS} /> }));
  return (
    <>
      <table className="zn-breaks" data-testid="zoning-breaks">
        <thead>
          <tr>
            <th>{t('criterion.interval')}</th>
            <th>{t('criterion.upper')}</th>
            <th>{t('criterion.class')}</th>
            <th aria-hidden />
          </tr>
        </thead>
        <tbody>
          {rule.classes.map((cls, j) => {
            const lower = j > 0 ? rule.breaks[j - 1]! : null;
            const upper = j < rule.breaks.length ? rule.breaks[j]! : null;
            const text = formatInterval(
              {
                lower: lower !== null && Number.isFinite(lower) ? lower : null,
                upper: upper !== null && Number.isFinite(upper) ? upper : null,
              },
              formatThreshold,
              t('criterion.allValues'),
            );
            return (
              <tr key={j} data-interval={j}>
                <td className="zn-interval">{text}</td>
                <td>
                  {j < rule.breaks.length ? (
                    <Form.Item {...field('factors', index, 'breaks', j)}>
                      <InputNumber
                        className="zn-break"
                        aria-label={`${t('criterion.upper')} ${j + 1}`}
                        size="small"
                        style={{ width: 110 }}
                        value={num(rule.breaks[j]!)}
                        onChange={(v) => setBreak(j, v)}
                      />
                    </Form.Item>
                  ) : (
                    <span className="zn-interval">{t('criterion.highest')}</span>
                  )}
                </td>
                <td>
                  <Form.Item {...field('factors', index, 'classes', j)}>
                    <Select
                      className="zn-interval-class"
                      aria-label={`${t('criterion.class')} ${j + 1}`}
                      size="small"
                      style={{ width: 150 }}
                      popupMatchSelectWidth={false}
                      value={cls}
                      options={classOptions}
                      onChange={(c: number) => setClass(j, c)}
                    />
                  </Form.Item>
                </td>
                <td>
                  {j < rule.breaks.length && rule.breaks.length > 1 ? (
                    <Tooltip title={t('criterion.removeBreak')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<MinusCircleOutlined aria-hidden />}
                        aria-label={`${t('criterion.removeBreak')} ${j + 1}`}
                        onClick={() => onChange(removeBreak(rule, j))}
                      />
                    </Tooltip>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problems.get(`factors.${index}.breaks`) || problems.get(`factors.${index}.classes`) ? (
        <Alert
          type="error"
          showIcon
          title={[problems.get(`factors.${index}.breaks`), problems.get(`factors.${index}.classes`)]
            .filter(Boolean)
            .map((p) => text(p!))
            .join('; ')}
        />
      ) : null}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined aria-hidden />}
        className="zn-add-break"
        disabled={rule.breaks.length >= ZONING_LIMITS.breaks}
        onClick={() => onChange(addBreak(rule, range))}
      >
        {t('criterion.addBreak')}
      </Button>
    </>
  );
}

/** Whether the factor is a veto, and its limits (at or below the lower, or above the upper: unsuitable). */
export function FactorVeto({
  index,
  rule,
  factor,
  method,
  problems,
  onChange,
}: Part & { factor: BaseFactor | undefined; method: ZoningMethod }) {
  const { t } = useTranslation(NS);
  const field = useFieldStatus(problems);
  const unit = factor?.unit ?? '';
  return (
    <div className="zn-section zn-veto" data-testid="zoning-veto">
      <Checkbox
        className="zn-veto-toggle"
        checked={rule.veto !== undefined}
        aria-label={`${t('criterion.veto')} ${factor?.name ?? rule.factor}`}
        onChange={(e) => onChange(toggleVeto(rule, e.target.checked))}
      >
        {t('criterion.veto')}
      </Checkbox>
      <Typography.Text type="secondary" className="zn-hint">
        {' '}
        {t(needsWeights(method) ? 'criterion.vetoHint' : 'criterion.vetoHintLimiting')}
      </Typography.Text>
      {rule.veto ? (
        <Form.Item {...field('factors', index, 'veto')} style={{ marginBottom: 0 }}>
          <div className="zn-inline-numbers">
            {(['lower', 'upper'] as const).map((bound) => (
              <Form.Item key={bound} {...field('factors', index, 'veto', bound)}>
                <label className="zn-veto-bound">
                  <span>{t(bound === 'lower' ? 'criterion.vetoLower' : 'criterion.vetoUpper')}</span>
                  <InputNumber
                    className={`zn-veto-${bound}`}
                    size="small"
                    prefix={bound === 'lower' ? '≤' : '>'}
                    suffix={unit || undefined}
                    aria-label={`${t(bound === 'lower' ? 'criterion.vetoLower' : 'criterion.vetoUpper')} ${factor?.name ?? rule.factor}`}
                    placeholder={t('criterion.vetoNone')}
                    style={{ width: 130 }}
                    value={rule.veto?.[bound] ?? null}
                    onChange={(v) => onChange(setVetoBound(rule, bound, v))}
                  />
                </label>
              </Form.Item>
            ))}
          </div>
        </Form.Item>
      ) : null}
    </div>
  );
}

/** The fuzzy method's trapezoid a ≤ b ≤ c ≤ d of the factor's membership. */
export function FactorMembership({ index, rule, problems, onChange }: Part) {
  const { t } = useTranslation(NS);
  const field = useFieldStatus(problems);
  const setMembership = (j: number, v: number | null) => {
    const m = [...(rule.membership ?? [Number.NaN, Number.NaN, Number.NaN, Number.NaN])] as [number, number, number, number];
    m[j] = v ?? Number.NaN;
    onChange({ ...rule, membership: m });
  };
  return (
    <div className="zn-section">
      <Typography.Text>{t('criterion.membership')}</Typography.Text>
      <Typography.Text type="secondary" className="zn-hint">
        {' '}
        {t('criterion.membershipHint')}
      </Typography.Text>
      <Form.Item {...field('factors', index, 'membership')}>
        <div className="zn-inline-numbers">
          {(['a', 'b', 'c', 'd'] as const).map((label, j) => (
            <InputNumber
              key={label}
              className={`zn-membership-${label}`}
              size="small"
              prefix={label}
              aria-label={`${t('criterion.membership')} ${label}`}
              style={{ width: 100 }}
              value={num(rule.membership?.[j] ?? Number.NaN)}
              onChange={(v) => setMembership(j, v)}
            />
          ))}
        </div>
      </Form.Item>
    </div>
  );
}
