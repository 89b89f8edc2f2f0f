import { DeleteOutlined, PictureOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { ProductPreviewBody, ProductTemplate, ProductTemplateInput } from '@agromet/contracts';
import { ErrorCode, PRODUCT_LIMITS, PRODUCT_PLACEHOLDERS } from '@agromet/contracts/web';
import { Alert, Button, ColorPicker, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/image-upload/ImageUpload';
import { MAP_NS } from '../../components/map/i18n';
import { layerName } from '../../components/map/map-rules';
import { useMapLayers } from '../../components/map/use-map-data';
import { toastSuccess } from '../../lib/feedback';
import { ApiError } from '../../lib/request';
import { logUnlessShown } from '../../lib/shown-failure';
import { useDeleteTemplate, useSaveTemplate } from './api/templates';
import { NS } from './i18n';
import { PreviewPane } from './PreviewPane';
import { templateFields, unknownPlaceholders } from './product-rules';
import { RowAction } from '../../components/admin-list/table-columns';

type Draft = ProductTemplateInput & { thresholds: number[]; colors: string[] };

const TEXT_FIELDS = ['title', 'subtitle', 'customerName', 'issuer', 'footer'] as const;

function draftOf(t: ProductTemplate | undefined, fallbackName: string): Draft {
  if (!t) return { name: fallbackName, title: '{region}{validStart}—{validEnd}{factor}预报', thresholds: [], colors: [] };
  const f = templateFields(t);
  return { ...f, thresholds: [...(t.thresholds ?? [])], colors: [...(t.colors ?? [])] };
}

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
  const { t: tMap } = useTranslation(MAP_NS);
  const boundaries = useMapLayers().data?.boundaries ?? [];
  const selected = templates.find((x) => x.id === selectedId);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(selected, ''));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [stale, setStale] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();

  useEffect(() => {
    if (!creating) setDraft(draftOf(selected, ''));
    setFieldError(null);
    setStale(false);
  }, [selected, creating]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const hints = useMemo(() => {
    const out: Record<string, string> = {};
    for (const f of TEXT_FIELDS) {
      const unknown = unknownPlaceholders(draft[f] ?? '');
      if (unknown.length) out[f] = t('template.unknownPlaceholder', { name: `{${unknown[0]}}` });
    }
    return out;
  }, [draft, t]);
  const problemOf = (field: string) =>
    hints[field] ?? (fieldError && fieldError.field.split('.')[0] === field ? fieldError.message : undefined);
  const item = (field: string) => ({ validateStatus: problemOf(field) ? ('error' as const) : undefined, help: problemOf(field) });

  // A draft the server would refuse (an unknown placeholder) keeps the last preview; the hint is at its field.
  const previewBody = useMemo(
    () => (forecast && draft.name && draft.title && Object.keys(hints).length === 0 ? { ...forecast, template: draft } : null),
    [forecast, draft, hints],
  );

  const submit = async () => {
    setFieldError(null);
    setStale(false);
    try {
      const body = creating || !selected ? draft : { ...draft, id: selected.id, version: selected.version };
      const saved = await save.mutateAsync(body);
      setCreating(false);
      onSelect(saved.id);
      toastSuccess(t('template.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.VALIDATION) {
        const field = (error.data as { issues?: Array<{ field?: string }> } | null)?.issues?.[0]?.field ?? '';
        setFieldError({ field, message: error.message });
      } else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) {
        if ((error.data as { field?: string } | null)?.field === 'name') setFieldError({ field: 'name', message: error.message });
        else setStale(true);
      } else logUnlessShown(error, 'template save');
    }
  };

  const classes = draft.colors.map((color, k) => ({ color, from: k === 0 ? null : (draft.thresholds[k - 1] ?? null) }));
  const setClasses = (rows: Array<{ color: string; from: number | null }>) =>
    set({ colors: rows.map((r) => r.color), thresholds: rows.slice(1).map((r) => r.from ?? 0) });

  return (
    <div className="pd-templates pd-split">
      <div className="pd-main">
        <Space wrap className="pd-template-bar">
          <Select
            id="template-select"
            aria-label={t('template.choose')}
            style={{ minWidth: 220 }}
            value={creating ? undefined : selectedId}
            placeholder={t('template.new')}
            options={templates.map((x) => ({ value: x.id, label: x.builtIn ? `${x.name} · ${t('template.builtIn')}` : x.name }))}
            onChange={(id: number) => {
              setCreating(false);
              onSelect(id);
            }}
          />
          <Button
            id="template-new"
            icon={<PlusOutlined />}
            onClick={() => {
              setCreating(true);
              setDraft({ ...draftOf(selected, ''), name: '' });
            }}
          >
            {t('template.new')}
          </Button>
          <Popconfirm
            title={t('template.confirmDelete', { name: selected?.name ?? '' })}
            disabled={!selected || creating || templates.length <= 1}
            onConfirm={async () => {
              if (!selected) return;
              await remove.mutateAsync(selected.id);
              onSelect(templates.find((x) => x.id !== selected.id)?.id);
            }}
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!selected || creating || templates.length <= 1}
              title={templates.length <= 1 ? t('template.lastOne') : undefined}
            >
              {t('template.delete')}
            </Button>
          </Popconfirm>
        </Space>
        {stale ? <Alert type="warning" showIcon title={t('template.stale')} className="pd-hint" /> : null}
        <Form layout="vertical" className="pd-form" onSubmitCapture={(e) => e.preventDefault()}>
          <div className="pd-form-row">
            <Form.Item label={t('template.name')} htmlFor="template-name" required {...item('name')}>
              <Input
                id="template-name"
                value={draft.name}
                maxLength={PRODUCT_LIMITS.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('template.language')} htmlFor="template-language">
              <Select
                id="template-language"
                value={draft.language ?? 'zh'}
                options={(['zh', 'en', 'es'] as const).map((l) => ({ value: l, label: t(`language.${l}`) }))}
                onChange={(language: 'zh' | 'en' | 'es') => set({ language })}
              />
            </Form.Item>
          </div>
          <div className="pd-form-row">
            <Form.Item label={t('template.paper')}>
              <Radio.Group
                optionType="button"
                value={draft.paper ?? 'A4'}
                onChange={(e) => set({ paper: e.target.value as 'A4' | 'A3' })}
                options={['A4', 'A3']}
              />
            </Form.Item>
            <Form.Item label={t('template.orientation')}>
              <Radio.Group
                optionType="button"
                value={draft.orientation ?? 'landscape'}
                onChange={(e) => set({ orientation: e.target.value as 'landscape' | 'portrait' })}
                options={(['landscape', 'portrait'] as const).map((o) => ({ value: o, label: t(`orientation.${o}`) }))}
              />
            </Form.Item>
          </div>
          {TEXT_FIELDS.map((f) => (
            <Form.Item key={f} label={t(`template.${f}`)} htmlFor={`template-${f}`} required={f === 'title'} {...item(f)}>
              <Input
                id={`template-${f}`}
                value={draft[f] ?? ''}
                maxLength={PRODUCT_LIMITS[f === 'customerName' ? 'customerName' : f]}
                onChange={(e) => set({ [f]: e.target.value })}
              />
            </Form.Item>
          ))}
          <Typography.Paragraph type="secondary" className="pd-hint">
            {t('template.placeholders')} {PRODUCT_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}
          </Typography.Paragraph>
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
          <Form.Item label={t('template.legend')}>
            <Radio.Group
              value={draft.legendMode ?? 'factor'}
              onChange={(e) => {
                const legendMode = e.target.value as 'factor' | 'custom';
                set(
                  legendMode === 'custom' && draft.colors.length === 0
                    ? { legendMode, thresholds: [0.1, 10, 25, 50], colors: ['#ffffff00', '#a6f28f', '#3dba3d', '#61b8ff', '#0000e1'] }
                    : { legendMode },
                );
              }}
              options={(['factor', 'custom'] as const).map((m) => ({ value: m, label: t(`legend.${m}`) }))}
            />
          </Form.Item>
          {draft.legendMode === 'custom' ? (
            <Form.Item
              {...item('thresholds')}
              validateStatus={problemOf('thresholds') || problemOf('colors') ? 'error' : undefined}
              help={problemOf('thresholds') ?? problemOf('colors')}
            >
              <div className="pd-classes">
                {classes.map((row, k) => (
                  <Space key={k} size={6}>
                    <ColorPicker
                      size="small"
                      value={row.color}
                      onChangeComplete={(c) => setClasses(classes.map((r, i) => (i === k ? { ...r, color: c.toHexString() } : r)))}
                    />
                    {k === 0 ? (
                      <Typography.Text type="secondary">{t('legend.below', { v: classes[1]?.from ?? '' })}</Typography.Text>
                    ) : (
                      <InputNumber
                        size="small"
                        aria-label={t('legend.from', { k })}
                        value={row.from ?? 0}
                        onChange={(v) => setClasses(classes.map((r, i) => (i === k ? { ...r, from: v ?? 0 } : r)))}
                      />
                    )}
                    {k > 0 ? (
                      <RowAction
                        size="small"
                        type="text"
                        icon={<DeleteOutlined />}
                        label={t('legend.remove')}
                        onClick={() => setClasses(classes.filter((_, i) => i !== k))}
                      />
                    ) : null}
                  </Space>
                ))}
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  disabled={classes.length >= PRODUCT_LIMITS.classes}
                  onClick={() => setClasses([...classes, { color: '#800040', from: (classes[classes.length - 1]?.from ?? 0) + 10 }])}
                >
                  {t('legend.add')}
                </Button>
              </div>
            </Form.Item>
          ) : null}
          <Form.Item label={t('template.boundaries')} {...item('boundaryLayers')}>
            <Select
              mode="multiple"
              id="template-boundaries"
              value={draft.boundaryLayers ?? ['provinces']}
              options={boundaries.map((b) => ({ value: b.id, label: layerName(b.name, tMap) }))}
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
            loading={save.isPending}
            onClick={() => void submit()}
            disabled={Object.keys(hints).length > 0}
          >
            {t('template.save')}
          </Button>
        </Form>
      </div>
      <div className="pd-side">
        <Typography.Text strong className="pd-section-title">
          {t('preview.live')}
        </Typography.Text>
        <PreviewPane body={previewBody} />
      </div>
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
