import { ArrowLeftOutlined } from '@ant-design/icons';
import type { Criterion } from '@agromet/contracts';
import { ZONING_LIMITS } from '@agromet/contracts/web';
import type { ZoningMethod } from '@agromet/grid';
import { Alert, Button, Form, Input, Radio, Select, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useCrops } from '../api/crops';
import { useBaseFactors } from '../api/factors';
import { useClassName } from '../common/ClassName';
import { NS } from '../i18n';
import { CriterionClassFields } from './CriterionClassFields';
import { CriterionFactors } from './CriterionFactors';
import type { FactorRange } from './criterion-rules';
import { useFieldStatus } from './field-status';
import { ThresholdSummary } from './ThresholdSummary';
import { useCriterionDraft } from './use-criterion-draft';
import { useFactorPreview } from './use-factor-preview';

/**
 * Creates or edits a criterion in the map panel: name, crop, description, method (limiting factor, weighted scores,
 * fuzzy membership) with class scores and cut points, class names, and its factors' thresholds with a histogram
 * beside each and a live preview of one factor's classes on the map. Problems show beside their fields as the
 * criterion is edited; the server's checks are the same (4100 naming the field).
 */
export function CriterionEditor({ record, cropId, onClose }: { record: Criterion | null; cropId?: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const className = useClassName();
  const crops = useCrops();
  const factorsQuery = useBaseFactors();
  const factors = useMemo(() => factorsQuery.data ?? [], [factorsQuery.data]);
  const ranges = useMemo<FactorRange[]>(() => factors.map((f) => ({ code: f.code, min: f.min, max: f.max })), [factors]);
  const editor = useCriterionDraft({ record, cropId, onClose, ranges });
  const { draft, problems, change, leave } = editor;
  const status = useFieldStatus(problems);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);

  const names = useMemo(() => draft.classNames.map((n, k) => className(k, draft.classNames) || n), [draft.classNames, className]);
  const previewRule = previewIndex !== null ? draft.factors[previewIndex] : undefined;
  const previewFactor = previewRule ? factors.find((f) => f.code === previewRule.factor) : undefined;
  const preview = useFactorPreview(previewFactor, previewRule);
  useHideForecast(preview.kind !== 'off');

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
            onChange={(e) => editor.setMethod(e.target.value as ZoningMethod)}
            options={(['limiting', 'weighted', 'fuzzy'] as const).map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          />
        </Form.Item>
        <CriterionClassFields draft={draft} names={names} status={status} change={change} />

        <div className="zn-section">
          <div className="zn-section-title">
            <Typography.Text strong>{t('criterion.summary')}</Typography.Text>
          </div>
          <Typography.Paragraph type="secondary" className="zn-hint">
            {t('criterion.summaryHint')}
          </Typography.Paragraph>
          <ThresholdSummary rules={draft.factors} factors={factors} method={draft.method} classNames={names} />
        </div>

        <CriterionFactors
          draft={draft}
          factors={factors}
          names={names}
          problems={problems}
          previewIndex={previewIndex}
          setPreviewIndex={setPreviewIndex}
          preview={preview}
          change={change}
          setFactor={editor.setFactor}
          addFactor={editor.addFactor}
          shareWeights={editor.shareWeights}
        />
        <div className="zn-editor-footer">
          <Button onClick={leave}>{t('common.cancel')}</Button>
          <Button id="criterion-save" type="primary" loading={editor.saving} onClick={() => void editor.submit()}>
            {t('common.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
