import { DeleteOutlined, EyeOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { BaseFactor } from '@agromet/contracts';
import { ZONING_CLASS_COLORS, ZONING_LIMITS } from '@agromet/contracts/web';
import type { CriterionProblem, FactorRule, ZoningMethod } from '@agromet/grid';
import { Alert, Button, Checkbox, Form, InputNumber, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClassTag } from '../common/ClassName';
import { formatValue } from '../common/format';
import { NS, problemKey } from '../i18n';
import { addBreak, formatInterval, formatThreshold, needsWeights, removeBreak, setVetoBound, toggleVeto } from './criterion-rules';
import { FactorHistogram } from './FactorHistogram';

/** Key of a problem the server named, worded by the server itself (params.message). */
export const SERVER_PROBLEM = 'server';

const num = (v: number) => (Number.isFinite(v) ? v : null);

/** The words of a problem: the editor's and the engine's keys, or the server's own message. */
export function useProblemText() {
  const { t } = useTranslation(NS);
  return (p: CriterionProblem) => (p.key === SERVER_PROBLEM ? String(p.params?.message ?? '') : t(problemKey(p.key), p.params ?? {}));
}

/** The help and status of a field from its problem. */
export function useFieldStatus(problems: ReadonlyMap<string, CriterionProblem>) {
  const text = useProblemText();
  return (...path: (string | number)[]) => {
    const p = problems.get(path.join('.'));
    return p ? { validateStatus: 'error' as const, help: text(p) } : {};
  };
}

/**
 * One factor of a criterion: which base factor, its thresholds (intervals closed above) and the class of each
 * interval, its weight (weighted and fuzzy) and trapezoid (fuzzy), whether it is a veto and its limits (a cell at or
 * below the lower, or above the upper, is unsuitable whatever the weights), with the histogram of its grid beside
 * and a button that previews its classes on the map.
 */
export function FactorRuleEditor({
  index,
  rule,
  factor,
  factors,
  usedCodes,
  method,
  classNames,
  problems,
  previewed,
  onChange,
  onRemove,
  onPreview,
}: {
  index: number;
  rule: FactorRule;
  factor: BaseFactor | undefined;
  factors: readonly BaseFactor[];
  usedCodes: ReadonlySet<string>;
  method: ZoningMethod;
  classNames: readonly string[];
  problems: ReadonlyMap<string, CriterionProblem>;
  previewed: boolean;
  onChange: (rule: FactorRule) => void;
  onRemove: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation(NS);
  const field = useFieldStatus(problems);
  const text = useProblemText();
  const range = factor ? { code: factor.code, min: factor.min, max: factor.max } : undefined;
  const unit = factor?.unit ?? '';
  const setBreak = (j: number, v: number | null) =>
    onChange({ ...rule, breaks: rule.breaks.map((b, k) => (k === j ? (v ?? Number.NaN) : b)) });
  const setClass = (j: number, c: number) => onChange({ ...rule, classes: rule.classes.map((x, k) => (k === j ? c : x)) });
  const setMembership = (j: number, v: number | null) => {
    const m = [...(rule.membership ?? [Number.NaN, Number.NaN, Number.NaN, Number.NaN])] as [number, number, number, number];
    m[j] = v ?? Number.NaN;
    onChange({ ...rule, membership: m });
  };
  const classOptions = classNames.map((name, c) => ({ value: c, label: <ClassTag cls={c} name={name} colors={ZONING_CLASS_COLORS} /> }));

  return (
    <div
      className={previewed ? 'zn-factor zn-factor-previewed' : 'zn-factor'}
      data-testid="zoning-factor"
      data-factor={rule.factor}
      data-index={index}
    >
      <div className="zn-factor-head">
        <Form.Item {...field('factors', index, 'factor')} style={{ marginBottom: 0 }}>
          <Select
            aria-label={t('criterion.chooseFactor')}
            className="zn-factor-select"
            style={{ minWidth: 200 }}
            value={rule.factor || undefined}
            showSearch={{ optionFilterProp: 'label' }}
            options={factors.map((f) => ({
              value: f.code,
              label: f.unit ? `${f.name} (${f.unit})` : f.name,
              disabled: f.code !== rule.factor && usedCodes.has(f.code),
            }))}
            onChange={(code: string) => onChange({ ...rule, factor: code })}
          />
        </Form.Item>
        {needsWeights(method) ? (
          <Form.Item label={t('criterion.weight')} {...field('factors', index, 'weight')} style={{ marginBottom: 0 }} layout="horizontal">
            <InputNumber
              className="zn-weight"
              aria-label={`${t('criterion.weight')} ${factor?.name ?? rule.factor}`}
              min={0}
              max={1}
              step={0.05}
              style={{ width: 90 }}
              value={num(rule.weight ?? Number.NaN)}
              onChange={(v) => onChange({ ...rule, weight: v ?? Number.NaN })}
            />
          </Form.Item>
        ) : null}
        <Space size={4} style={{ marginLeft: 'auto' }}>
          <Tooltip title={t('criterion.preview')}>
            <Button
              size="small"
              type={previewed ? 'primary' : 'default'}
              icon={<EyeOutlined aria-hidden />}
              aria-pressed={previewed}
              aria-label={`${t('criterion.preview')} ${factor?.name ?? rule.factor}`}
              className="zn-preview-toggle"
              disabled={!factor?.hasGrid}
              onClick={onPreview}
            />
          </Tooltip>
          <Tooltip title={t('criterion.removeFactor')}>
            <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('criterion.removeFactor')} onClick={onRemove} />
          </Tooltip>
        </Space>
      </div>
      {factor ? (
        <Typography.Text type="secondary" className="zn-hint">
          {t('criterion.factorRange', { min: formatValue(factor.min), max: formatValue(factor.max), unit })}
          {factor.hasGrid ? null : (
            <Tag color="warning" style={{ marginLeft: 8 }}>
              {t('criterion.noGrid')}
            </Tag>
          )}
        </Typography.Text>
      ) : null}
      <div className="zn-factor-body">
        <div>
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
          {method === 'fuzzy' ? (
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
          ) : null}
        </div>
        <FactorHistogram factor={factor} rule={rule} />
      </div>
    </div>
  );
}
