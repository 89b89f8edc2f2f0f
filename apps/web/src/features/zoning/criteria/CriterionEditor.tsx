import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { BaseFactor, Criterion } from '@agromet/contracts';
import { ZONING_CLASS_COLORS, ZONING_LIMITS } from '@agromet/contracts/web';
import type { CriterionProblem, FactorRule, ZoningMethod } from '@agromet/grid';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { ApiError } from '../../../lib/request';
import { useCrops } from '../api/crops';
import { fetchCriterion, useSaveCriterion } from '../api/criteria';
import { useBaseFactors } from '../api/factors';
import { ClassTag, useClassName } from '../common/ClassName';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { NS } from '../i18n';
import {
  criterionBody,
  DEFAULT_CUTS,
  draftOf,
  draftProblems,
  equalWeights,
  needsWeights,
  newFactorRule,
  problemsByPath,
  serverIssuePath,
  switchMethod,
  weightSum,
  type CriterionDraft,
  type FactorRange,
} from './criterion-rules';
import { FactorRuleEditor, SERVER_PROBLEM, useFieldStatus, useProblemText } from './FactorRuleEditor';
import { ThresholdSummary } from './ThresholdSummary';
import { useFactorPreview } from './use-factor-preview';
import { useFeedback } from '../../../lib/feedback';

const num = (v: number) => (Number.isFinite(v) ? v : null);

/** Problems the server named (4100 with data.issues[].field), at the editor's paths. */
function serverProblemsOf(error: unknown): CriterionProblem[] {
  if (!(error instanceof ApiError) || error.code !== 4100) return [];
  const issues = (error.data as { issues?: { field?: string; message?: string }[] } | null)?.issues ?? [];
  return issues.flatMap((issue) => {
    const path = issue.field ? serverIssuePath(issue.field) : null;
    return path
      ? [
          {
            path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            key: SERVER_PROBLEM,
            params: { message: issue.message ?? error.message },
          },
        ]
      : [];
  });
}

/**
 * Creates or edits a criterion in the map panel: name, crop, description, method (limiting factor, weighted scores,
 * fuzzy membership) with class scores and cut points, class names, and its factors' thresholds with a histogram
 * beside each and a live preview of one factor's classes on the map. Problems show beside their fields as the
 * criterion is edited; the server's checks are the same (4100 naming the field).
 */
export function CriterionEditor({ record, cropId, onClose }: { record: Criterion | null; cropId?: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { modal, message } = useFeedback();
  const className = useClassName();
  const crops = useCrops();
  const factorsQuery = useBaseFactors();
  const factors = useMemo(() => factorsQuery.data ?? [], [factorsQuery.data]);
  const ranges = useMemo<FactorRange[]>(() => factors.map((f) => ({ code: f.code, min: f.min, max: f.max })), [factors]);
  const [initial, setInitial] = useState(() => draftOf(record, cropId));
  const [draft, setDraft] = useState<CriterionDraft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<CriterionProblem[]>([]);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [adding, setAdding] = useState<string | undefined>();
  const save = useSaveCriterion();
  const { version, offerStale } = useEditVersion(record);

  const problems = useMemo(() => {
    const all = [...serverProblems, ...draftProblems(draft, ranges)];
    // Missing name, crop or factors are only pointed out once the user tried to save.
    const shown = submitted ? all : all.filter((p) => !['zoning.nameMissing', 'zoning.cropMissing', 'zoning.noFactors'].includes(p.key));
    return problemsByPath(shown);
  }, [draft, ranges, submitted, serverProblems]);
  const status = useFieldStatus(problems);
  const problemText = useProblemText();

  const names = useMemo(() => draft.classNames.map((n, k) => className(k, draft.classNames) || n), [draft.classNames, className]);
  const used = useMemo(() => new Set(draft.factors.map((f) => f.factor)), [draft.factors]);
  const previewRule = previewIndex !== null ? draft.factors[previewIndex] : undefined;
  const previewFactor = previewRule ? factors.find((f) => f.code === previewRule.factor) : undefined;
  const preview = useFactorPreview(previewFactor, previewRule);
  useHideForecast(preview.kind !== 'off');

  const change = (patch: Partial<CriterionDraft>) => {
    setServerProblems([]);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setFactor = (k: number, rule: FactorRule) => change({ factors: draft.factors.map((f, i) => (i === k ? rule : f)) });
  const setMethod = (method: ZoningMethod) =>
    change({
      method,
      factors: switchMethod(draft.factors, method, ranges),
      cutPoints: method === 'limiting' || method === draft.method ? draft.cutPoints : [...DEFAULT_CUTS[method]],
    });
  const addFactor = (code: string) => {
    const factor = factors.find((f) => f.code === code);
    if (!factor) return;
    const rule = newFactorRule({ code, min: factor.min, max: factor.max }, draft.method);
    const next = [...draft.factors, rule];
    const weights = equalWeights(next.length);
    change({ factors: needsWeights(draft.method) ? next.map((f, i) => ({ ...f, weight: weights[i]! })) : next });
    setAdding(undefined);
  };
  const removeFactor = (k: number) => {
    change({ factors: draft.factors.filter((_, i) => i !== k) });
    setPreviewIndex((p) => (p === null || p === k ? null : p > k ? p - 1 : p));
  };

  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const leave = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('criterion.leaveTitle'),
      content: t('criterion.leaveContent'),
      okText: t('criterion.leaveOk'),
      okType: 'danger',
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'zoning-leave-ok' },
      onOk: onClose,
    });
  };

  const submit = async () => {
    setSubmitted(true);
    const all = draftProblems(draft, ranges);
    if (all.length > 0) {
      void message.warning(t('criterion.fixProblems', { count: problemsByPath(all).size }));
      return;
    }
    try {
      await save.mutateAsync({ id: record?.id, version, body: criterionBody(draft) });
      void message.success(t('criterion.saved'));
      onClose();
    } catch (error) {
      setServerProblems(serverProblemsOf(error));
      if (record) {
        await offerStale(error, {
          fetchCurrent: () => fetchCriterion(record.id),
          onReload: (current) => {
            const fresh = draftOf(current);
            setInitial(fresh);
            setDraft(fresh);
          },
          onGone: onClose,
        });
      }
    }
  };

  const sum = weightSum(draft.factors);
  const sumProblem = problems.get('factors');
  return (
    <section className="zn-editor" id="criterion-editor" data-testid="criterion-editor" data-preview={preview.kind}>
      <div className="zn-editor-head">
        <Button size="small" icon={<ArrowLeftOutlined aria-hidden />} onClick={leave} id="criterion-back">
          {t('common.back')}
        </Button>
        <Typography.Title level={5}>
          {record ? t('criterion.editTitle', { name: record.name }) : t('criterion.createTitle')}
        </Typography.Title>
        {record?.example ? <Tag color="gold">{t('common.example')}</Tag> : null}
      </div>
      {record?.example ? <Alert type="info" showIcon title={t('criterion.exampleHint')} className="zn-hint" /> : null}
      {factorsQuery.isPending ? <Spin /> : null}
      <Form layout="vertical" className="zn-form" onSubmitCapture={(e) => e.preventDefault()}>
        <div className="zn-form-row">
          <Form.Item label={t('criterion.name')} htmlFor="criterion-name" required {...status('name')}>
            <Input
              id="criterion-name"
              maxLength={ZONING_LIMITS.name}
              value={draft.name}
              onChange={(e) => change({ name: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('criterion.crop')} htmlFor="criterion-crop" required {...status('cropId')}>
            <Select
              id="criterion-crop"
              value={draft.cropId}
              loading={crops.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              options={(crops.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              onChange={(cropId: number) => change({ cropId })}
            />
          </Form.Item>
        </div>
        <Form.Item label={t('criterion.description')} htmlFor="criterion-description" {...status('description')}>
          <Input.TextArea
            id="criterion-description"
            maxLength={ZONING_LIMITS.description}
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={draft.description}
            onChange={(e) => change({ description: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('criterion.method')} extra={t(`methods.${draft.method}Hint`)} {...status('method')}>
          <Radio.Group
            id="criterion-method"
            optionType="button"
            value={draft.method}
            onChange={(e) => setMethod(e.target.value as ZoningMethod)}
            options={(['limiting', 'weighted', 'fuzzy'] as const).map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('criterion.classNames')} extra={t('criterion.classNamesHint')}>
          <div className="zn-inline-numbers">
            {draft.classNames.map((n, k) => (
              <Form.Item key={k} {...status('classNames', k)}>
                <Input
                  className={`criterion-class-name-${k}`}
                  aria-label={`${t('criterion.classNames')} ${k + 1}`}
                  prefix={<span className="zn-swatch" style={{ background: ZONING_CLASS_COLORS[k] }} aria-hidden />}
                  placeholder={t(`classes.c${k}`)}
                  maxLength={ZONING_LIMITS.className}
                  style={{ width: 140 }}
                  value={n}
                  onChange={(e) => change({ classNames: draft.classNames.map((x, i) => (i === k ? e.target.value : x)) })}
                />
              </Form.Item>
            ))}
          </div>
        </Form.Item>
        {draft.method === 'weighted' ? (
          <Form.Item label={t('criterion.classScores')} extra={t('criterion.classScoresHint')} {...status('classScores')}>
            <div className="zn-inline-numbers">
              {draft.classScores.map((s, k) => (
                <InputNumber
                  key={k}
                  className={`criterion-score-${k}`}
                  aria-label={`${t('criterion.classScores')} ${names[k]}`}
                  prefix={<span className="zn-swatch" style={{ background: ZONING_CLASS_COLORS[k] }} aria-hidden />}
                  style={{ width: 110 }}
                  value={num(s)}
                  onChange={(v) =>
                    change({
                      classScores: draft.classScores.map((x, i) => (i === k ? (v ?? Number.NaN) : x)) as CriterionDraft['classScores'],
                    })
                  }
                />
              ))}
            </div>
          </Form.Item>
        ) : null}
        {needsWeights(draft.method) ? (
          <Form.Item
            label={t('criterion.cutPoints')}
            extra={t('criterion.cutPointsHint', { c0: names[0], c1: names[1], c2: names[2], c3: names[3] })}
            {...status('cutPoints')}
          >
            <div className="zn-inline-numbers">
              {draft.cutPoints.map((c, k) => (
                <Form.Item key={k} {...status('cutPoints', k)}>
                  <InputNumber
                    className={`criterion-cut-${k}`}
                    aria-label={t('criterion.cutPoint', { n: k + 1 })}
                    prefix={`${k + 1}`}
                    step={draft.method === 'fuzzy' ? 0.05 : 0.1}
                    style={{ width: 110 }}
                    value={num(c)}
                    onChange={(v) =>
                      change({ cutPoints: draft.cutPoints.map((x, i) => (i === k ? (v ?? Number.NaN) : x)) as CriterionDraft['cutPoints'] })
                    }
                  />
                </Form.Item>
              ))}
            </div>
          </Form.Item>
        ) : null}

        <div className="zn-section">
          <div className="zn-section-title">
            <Typography.Text strong>{t('criterion.summary')}</Typography.Text>
          </div>
          <Typography.Paragraph type="secondary" className="zn-hint">
            {t('criterion.summaryHint')}
          </Typography.Paragraph>
          <ThresholdSummary rules={draft.factors} factors={factors} method={draft.method} classNames={names} />
        </div>

        <div className="zn-section">
          <div className="zn-section-title">
            <Typography.Text strong>{t('criterion.factors')}</Typography.Text>
            {needsWeights(draft.method) && draft.factors.length > 0 ? (
              <Space size={8}>
                <Typography.Text type={sumProblem ? 'danger' : 'secondary'} data-testid="criterion-weight-sum">
                  {t('criterion.weightSum', { sum: Number.isFinite(sum) ? sum : '—' })}
                </Typography.Text>
                <Button
                  size="small"
                  onClick={() => {
                    const w = equalWeights(draft.factors.length);
                    change({ factors: draft.factors.map((f, i) => ({ ...f, weight: w[i]! })) });
                  }}
                >
                  {t('criterion.equalWeights')}
                </Button>
              </Space>
            ) : null}
          </div>
          {sumProblem ? (
            <Alert type="error" showIcon title={problemText(sumProblem)} className="zn-hint" data-testid="criterion-factors-problem" />
          ) : null}
          {previewIndex !== null && previewFactor ? (
            <div className="zn-preview zn-hides-forecast" data-testid="criterion-preview" data-state={preview.kind}>
              <Typography.Text strong>{t('criterion.previewTitle', { factor: previewFactor.name })}</Typography.Text>
              <div className="zn-hint">{t('criterion.previewHint')}</div>
              {preview.kind === 'loading' ? <Spin size="small" description={t('criterion.previewLoading')} /> : null}
              {preview.kind === 'invalid' ? <Typography.Text type="warning">{t('criterion.previewInvalid')}</Typography.Text> : null}
              {preview.kind === 'shown' ? (
                <div className="zn-legend" data-testid="criterion-preview-counts">
                  {names.map((name, k) => (
                    <span key={k} data-class={k} data-count={preview.counts[k]}>
                      <ClassTag cls={k} name={name} colors={ZONING_CLASS_COLORS} />{' '}
                      {t('criterion.previewCells', { count: preview.counts[k] })}
                    </span>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
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
              options={factors
                .filter((f) => !used.has(f.code))
                .map((f: BaseFactor) => ({ value: f.code, label: f.unit ? `${f.name} (${f.unit})` : f.name }))}
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
        <div className="zn-editor-footer">
          <Button onClick={leave}>{t('common.cancel')}</Button>
          <Button id="criterion-save" type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
