import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import type { BaseFactor } from '@agromet/contracts';
import type { CriterionProblem, FactorRule, ZoningMethod } from '@agromet/grid';
import { Button, Form, InputNumber, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../common/format';
import { NS } from '../i18n';
import { needsWeights } from './criterion-rules';
import { FactorBreaks, FactorMembership, FactorVeto } from './FactorParts';
import { FactorHistogram } from './FactorHistogram';
import { useFieldStatus } from './field-status';
import { nameWithUnit } from '../../../lib/format-unit';

const num = (v: number) => (Number.isFinite(v) ? v : null);

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
  const range = factor ? { code: factor.code, min: factor.min, max: factor.max } : undefined;
  const unit = factor?.unit ?? '';
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
              label: nameWithUnit(f),
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
          <FactorBreaks index={index} rule={rule} range={range} classNames={classNames} problems={problems} onChange={onChange} />
          <FactorVeto index={index} rule={rule} factor={factor} method={method} problems={problems} onChange={onChange} />
          {method === 'fuzzy' ? <FactorMembership index={index} rule={rule} problems={problems} onChange={onChange} /> : null}
        </div>
        <FactorHistogram factor={factor} rule={rule} />
      </div>
    </div>
  );
}
