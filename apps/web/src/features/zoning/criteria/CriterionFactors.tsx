import { PlusOutlined } from '@ant-design/icons';
import type { BaseFactor } from '@agromet/contracts';
import { ZONING_CLASS_COLORS, ZONING_LIMITS } from '@agromet/contracts/web';
import type { CriterionProblem, FactorRule } from '@agromet/grid';
import { Alert, Button, Select, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassTag } from '../common/ClassName';
import { NS } from '../i18n';
import { needsWeights, weightSum, type CriterionDraft, type FactorRange } from './criterion-rules';
import { FactorRuleEditor } from './FactorRuleEditor';
import { useProblemText } from './field-status';
import type { PreviewState } from './use-factor-preview';
import { nameWithUnit } from '../../../lib/format-unit';

interface Props {
  draft: CriterionDraft;
  factors: readonly BaseFactor[];
  names: readonly string[];
  problems: ReadonlyMap<string, CriterionProblem>;
  previewIndex: number | null;
  setPreviewIndex: (fn: (p: number | null) => number | null) => void;
  preview: PreviewState;
  change: (patch: Partial<CriterionDraft>) => void;
  setFactor: (k: number, rule: FactorRule) => void;
  addFactor: (range: FactorRange) => void;
  shareWeights: () => void;
}

/** A criterion's factors: the weight sum, the live preview's counts, one rule editor per factor, and adding one. */
export function CriterionFactors(props: Props) {
  const { draft, factors, names, problems, previewIndex, setPreviewIndex, change, setFactor } = props;
  const { t } = useTranslation(NS);
  const problemText = useProblemText();
  const [adding, setAdding] = useState<string | undefined>();
  const used = useMemo(() => new Set(draft.factors.map((f) => f.factor)), [draft.factors]);
  const sum = weightSum(draft.factors);
  const sumProblem = problems.get('factors');
  const previewFactor = previewIndex !== null ? factors.find((f) => f.code === draft.factors[previewIndex]?.factor) : undefined;

  const addFactor = (code: string) => {
    const factor = factors.find((f) => f.code === code);
    if (!factor) return;
    props.addFactor({ code, min: factor.min, max: factor.max });
    setAdding(undefined);
  };
  const removeFactor = (k: number) => {
    change({ factors: draft.factors.filter((_, i) => i !== k) });
    setPreviewIndex((p) => (p === null || p === k ? null : p > k ? p - 1 : p));
  };

  return (
    <div className="zn-section">
      <div className="zn-section-title">
        <Typography.Text strong>{t('criterion.factors')}</Typography.Text>
        {needsWeights(draft.method) && draft.factors.length > 0 ? (
          <Space size={8}>
            <Typography.Text type={sumProblem ? 'danger' : 'secondary'} data-testid="criterion-weight-sum">
              {t('criterion.weightSum', { sum: Number.isFinite(sum) ? sum : '—' })}
            </Typography.Text>
            <Button size="small" onClick={props.shareWeights}>
              {t('criterion.equalWeights')}
            </Button>
          </Space>
        ) : null}
      </div>
      {sumProblem ? (
        <Alert type="error" showIcon title={problemText(sumProblem)} className="zn-hint" data-testid="criterion-factors-problem" />
      ) : null}
      {previewFactor ? <FactorPreview factor={previewFactor} names={names} preview={props.preview} /> : null}
      {draft.factors.map((rule, k) => (
        <FactorRuleEditor
          key={k}
          index={k}
          rule={rule}
          factor={factors.find((f) => f.code === rule.factor)}
          factors={factors}
          usedCodes={used}
          method={draft.method}
          classNames={names}
          problems={problems}
          previewed={previewIndex === k}
          onChange={(next) => setFactor(k, next)}
          onRemove={() => removeFactor(k)}
          onPreview={() => setPreviewIndex((p) => (p === k ? null : k))}
        />
      ))}
      <Space wrap>
        <Select<string>
          id="criterion-add-factor"
          aria-label={t('criterion.chooseFactor')}
          placeholder={t('criterion.chooseFactor')}
          style={{ minWidth: 220 }}
          value={adding}
          showSearch={{ optionFilterProp: 'label' }}
          options={factors.filter((f) => !used.has(f.code)).map((f) => ({ value: f.code, label: nameWithUnit(f) }))}
          onChange={setAdding}
        />
        <Button
          id="criterion-add-factor-button"
          icon={<PlusOutlined aria-hidden />}
          disabled={!adding || draft.factors.length >= ZONING_LIMITS.factors}
          onClick={() => adding && addFactor(adding)}
        >
          {t('criterion.addFactor')}
        </Button>
      </Space>
    </div>
  );
}

/** The previewed factor's classes on the map: loading, invalid thresholds, or the cells of each class. */
function FactorPreview({ factor, names, preview }: { factor: BaseFactor; names: readonly string[]; preview: Props['preview'] }) {
  const { t } = useTranslation(NS);
  return (
    <div className="zn-preview zn-hides-forecast" data-testid="criterion-preview" data-state={preview.kind}>
      <Typography.Text strong>{t('criterion.previewTitle', { factor: factor.name })}</Typography.Text>
      <div className="zn-hint">{t('criterion.previewHint')}</div>
      {preview.kind === 'loading' ? <Spin size="small" description={t('criterion.previewLoading')} /> : null}
      {preview.kind === 'invalid' ? <Typography.Text type="warning">{t('criterion.previewInvalid')}</Typography.Text> : null}
      {preview.kind === 'shown' ? (
        <div className="zn-legend" data-testid="criterion-preview-counts">
          {names.map((name, k) => (
            <span key={k} data-class={k} data-count={preview.counts[k]}>
              <ClassTag cls={k} name={name} colors={ZONING_CLASS_COLORS} /> {t('criterion.previewCells', { count: preview.counts[k] })}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
