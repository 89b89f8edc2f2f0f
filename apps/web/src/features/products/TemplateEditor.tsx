import { PictureOutlined, SaveOutlined } from '@ant-design/icons';
import type { ProductPreviewBody, ProductTemplate } from '@agromet/contracts';
import { PRODUCT_LIMITS } from '@agromet/contracts/web';
import { Alert, Button, Form, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/image-upload/ImageUpload';
import { BoundaryLayerSelect } from '../../components/map/BoundaryLayerSelect';
import { useMapLayers } from '../../components/map/use-map-data';
import { NS } from './i18n';
import { PreviewSide } from './PreviewPane';
import { TemplateBar } from './TemplateBar';
import { TemplateLegend } from './TemplateLegend';
import { TemplateTextFields } from './TemplateTextFields';
import { useTemplateDraft } from './use-template-draft';

/**
 * The template editor: paper, language, texts with placeholders, logo, legend (the element's colours or custom
 * classes), boundaries, stations, scale bar and north arrow, with a live preview of the current forecast through the
 * edited (unsaved) template. Refusals of the server are shown at the field they name.
 */
export function TemplateEditor({
  templates,
  selectedId,
  onSelect,
  forecast,
}: {
  templates: readonly ProductTemplate[];
  selectedId: number | undefined;
  onSelect: (id: number | undefined) => void;
  /** The make tab's forecast (null while incomplete): what the preview shows. */
  forecast: Omit<ProductPreviewBody, 'template' | 'templateId'> | null;
}) {
  const { t } = useTranslation(NS);
  const boundaries = useMapLayers().data?.boundaries ?? [];
  const selected = templates.find((x) => x.id === selectedId);
  const { draft, set, creating, startNew, pick, hints, problemOf, stale, submit, saving } = useTemplateDraft(selected, onSelect);
  const [uploadOpen, setUploadOpen] = useState(false);
  const item = (field: string) => ({ validateStatus: problemOf(field) ? ('error' as const) : undefined, help: problemOf(field) });

  // A draft the server would refuse (an unknown placeholder) keeps the last preview; the hint is at its field.
  const previewBody = useMemo(
    () => (forecast && draft.name && draft.title && Object.keys(hints).length === 0 ? { ...forecast, template: draft } : null),
    [forecast, draft, hints],
  );

  return (
    <div className="pd-templates pd-split">
      <div className="pd-main">
        <TemplateBar
          templates={templates}
          selectedId={selectedId}
          selected={selected}
          creating={creating}
          onPick={pick}
          onNew={startNew}
          onSelect={onSelect}
        />
        {stale ? <Alert type="warning" showIcon title={t('template.stale')} className="pd-hint" /> : null}
        <Form layout="vertical" className="pd-form" onSubmitCapture={(e) => e.preventDefault()}>
          <TemplateTextFields draft={draft} set={set} item={item} />
          <Form.Item label={t('template.logo')} {...item('logo')}>
            <Space>
              {draft.logo ? (
                <img src={draft.logo} alt={t('template.logo')} className="pd-logo" />
              ) : (
                <Typography.Text type="secondary">{t('template.noLogo')}</Typography.Text>
              )}
              <Button icon={<PictureOutlined />} onClick={() => setUploadOpen(true)}>
                {t('template.uploadLogo')}
              </Button>
              {draft.logo ? <Button onClick={() => set({ logo: '' })}>{t('template.removeLogo')}</Button> : null}
            </Space>
          </Form.Item>
          <TemplateLegend draft={draft} set={set} problemOf={problemOf} />
          <Form.Item label={t('template.boundaries')} {...item('boundaryLayers')}>
            <BoundaryLayerSelect
              mode="multiple"
              id="template-boundaries"
              value={draft.boundaryLayers ?? ['provinces']}
              boundaries={boundaries}
              onChange={(boundaryLayers: string[]) => set({ boundaryLayers })}
            />
          </Form.Item>
          <div className="pd-switches">
            {(['boundaryLabels', 'stations', 'stationValues', 'scaleBar', 'northArrow'] as const).map((f) => (
              <label key={f} className="pd-switch">
                <Switch size="small" checked={draft[f] ?? true} onChange={(v) => set({ [f]: v })} /> {t(`template.${f}`)}
              </label>
            ))}
          </div>
          <Button
            id="template-save"
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void submit()}
            disabled={Object.keys(hints).length > 0}
          >
            {t('template.save')}
          </Button>
        </Form>
      </div>
      <PreviewSide title={t('preview.live')} body={previewBody} />
      <ImageUpload
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onSuccess={(r) => {
          set({ logo: r.path });
          setUploadOpen(false);
        }}
        width={240}
        height={240}
        maxSizeKb={PRODUCT_LIMITS.logoKb}
        title={t('template.uploadLogo')}
      />
    </div>
  );
}
