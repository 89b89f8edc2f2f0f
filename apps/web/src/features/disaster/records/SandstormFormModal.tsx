import {
  SANDSTORM_LEVELS,
  SANDSTORM_LIMITS,
  SANDSTORM_NUMBER_FIELDS,
  SANDSTORM_TEXT_MAX,
  type SandstormLevel,
} from '@agromet/contracts/web';
import type { Sandstorm } from '@agromet/contracts';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Row, Select, type FormInstance, type FormRule } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { MapFormDialog } from '../../../components/record-map/MapFormDialog';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { PickOnMap, useFormPosition } from '../../../components/record-map/PickOnMap';
import type { PickingProps } from '../../../components/record-map/use-picking-editor';
import { useTranslation } from 'react-i18next';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { useDateInputFormats } from '../../../lib/date-input';
import { useNestedEscape } from '../../../lib/nested-escape';
import { request } from '../../../lib/request';
import { fetchSandstorm, useSaveSandstorm } from '../api/sandstorms';
import { NS } from '../i18n';
import { LEVEL_COLOURS } from '../levels';
import {
  FIELD_RANGE,
  formValues,
  levelHint,
  regionAfterPick,
  sandstormBody,
  type LevelHint,
  type NumberField,
  type SandstormFormValues,
} from './sandstorm-form';

export type PickedPosition = { lon: number; lat: number };
type Nested = ReturnType<typeof useNestedEscape>;
const within = (v: number, [min, max]: readonly [number, number]) => v >= min && v <= max;
/** A position the map can show: both fields within the records' limits. */
const inLimits = (p: PickedPosition) => within(p.lon, SANDSTORM_LIMITS.lon) && within(p.lat, SANDSTORM_LIMITS.lat);

type CountField = 'housesCollapsed' | 'deaths' | 'injured';
const FORM_FIELDS = ['location', 'regionCode', 'time', 'level', ...SANDSTORM_NUMBER_FIELDS, 'description', 'remark'] as const;

/**
 * Create (record null) or edit a sandstorm record. The dialog has no mask and sits at the left, so the map stays
 * clickable: while "pick on the map" is on (the default when creating) a click fills the position and the region the
 * boundary layers give the point (GET /api/region/at; a county chosen inside it is kept). Under the level the form
 * says which grade GB/T 20480 gives, or why the chosen one does not fit the visibility. Escape in an open picker
 * closes the picker only; the time may be typed in the language's way of writing dates.
 */
export function SandstormFormModal({
  record,
  picker,
  onSaved,
  onClose,
}: {
  picker: PickingProps<PickedPosition>;
  record: Sandstorm | null;
  onSaved: (record: Sandstorm) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<SandstormFormValues>();
  const save = useSaveSandstorm();
  const nested = useNestedEscape();
  useFormPosition(form, picker.picked, picker.onPositionChange, inLimits);
  const regionNote = useRegionFromMap(form, picker.picked);
  const onFinish = useRecordSave({
    record,
    form,
    save: save.mutateAsync,
    body: sandstormBody,
    fields: FORM_FIELDS,
    current: fetchSandstorm,
    reload: (fresh) => form.setFieldsValue(formValues(fresh)),
    onSaved,
    onClose,
  });

  return (
    <MapFormDialog<SandstormFormValues>
      title={record ? t('form.editTitle') : t('form.createTitle')}
      submitId="sandstorm-form-submit"
      saving={save.isPending}
      onCancel={nested.guardCancel(onClose)}
      width={640}
      form={form}
      name="sandstorm-form"
      initialValues={formValues(record)}
      onFinish={onFinish}
      onKeyDownCapture={nested.onKeyDownCapture}
    >
      <PlaceAndTimeFields nested={nested} regionNote={regionNote} />
      <MeasureFields {...picker} />
    </MapFormDialog>
  );
}

/**
 * A picked point's region, from the boundary layers (GET /api/region/at): set in the form unless a county chosen inside
 * it is already there; answers the note under the region field (which layer gave it, or that none holds the point).
 */
function useRegionFromMap(form: FormInstance<SandstormFormValues>, picked: PickedPosition | null): string | undefined {
  const { t } = useTranslation(NS);
  /** What the boundary layers said of the last picked point: the region and its layer, or that none holds it. */
  const [fromMap, setFromMap] = useState<{ code: string | null; name: string; layer: string | null } | null>(null);
  useEffect(() => {
    if (!picked) return;
    let live = true;
    void request('regionAt', { query: { lon: picked.lon, lat: picked.lat }, silent: true })
      .then((at) => {
        if (!live) return;
        setFromMap(at);
        const current = form.getFieldValue('regionCode') as string | undefined;
        const next = regionAfterPick(current, at.code);
        if (next !== current) form.setFields([{ name: 'regionCode', value: next, errors: [] }]);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [picked, form]);
  const regionCode = Form.useWatch('regionCode', form);
  if (!fromMap) return undefined;
  if (!fromMap.code) return t('form.regionNotFound');
  if (regionCode !== fromMap.code) return undefined;
  return t('form.regionFromMap', { region: fromMap.name, layer: fromMap.layer ?? t('form.provincesLayer') });
}

/** The words of a level hint. */
function hintText(t: TFunction, hint: NonNullable<LevelHint>): string {
  if (hint.kind === 'derived') return t('form.levelDerived', { level: t(`levels.${hint.level}`) });
  const p = hint.problem;
  if (p.key === 'sandstorm.levelContradicts')
    return t('form.levelContradicts', { visibility: p.visibility, expected: t(`levels.${p.expected}`) });
  return p.key === 'sandstorm.notDustWeather' ? t('form.notDustWeather') : t('form.levelNeedsWind');
}

/** Under the level: which grade GB/T 20480 gives the visibility and wind, or why the chosen one does not fit. */
function LevelHintAlert() {
  const { t } = useTranslation(NS);
  const form = Form.useFormInstance<SandstormFormValues>();
  const level = Form.useWatch('level', form);
  const visibility = Form.useWatch('minVisibility', form);
  const wind = Form.useWatch('maxWindSpeed', form);
  const hint = levelHint(level, visibility, wind);
  if (!hint) return null;
  return (
    <Alert
      id="sandstorm-level-hint"
      className="ds-level-hint"
      type={hint.kind === 'derived' ? 'info' : 'warning'}
      showIcon
      title={hintText(t, hint)}
      data-kind={hint.kind}
    />
  );
}

/** A number of the record, with its range (and whether it is required) as the form's rules. */
function NumberItem({ field, step, required = false }: { field: NumberField; step: number; required?: boolean }) {
  const { t } = useTranslation(NS);
  const rules = useMemo((): FormRule[] => {
    const [min, max] = FIELD_RANGE[field];
    const name = t(`fields.${field}`);
    return [
      ...(required ? [{ required: true, type: 'number' as const, message: t('form.required', { field: name }) }] : []),
      { type: 'number' as const, min, max, message: t('form.range', { field: name, min, max }) },
    ];
  }, [t, field, required]);
  return (
    <Form.Item name={field} label={t(`fields.${field}`)} rules={rules}>
      <InputNumber id={`sandstorm-${field}`} step={step} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** A count of the record (houses, deaths, injured): a whole number from 0. */
function CountItem({ field }: { field: CountField }) {
  const { t } = useTranslation(NS);
  const label = t(`fields.${field}`);
  return (
    <Form.Item
      name={field}
      label={label}
      rules={[{ type: 'integer', min: 0, max: SANDSTORM_LIMITS.count[1], message: t('form.integer', { field: label }) }]}
    >
      <InputNumber id={`sandstorm-${field}`} min={0} step={1} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** Where and when: place, region (with what the map said of it), time (not in the future), level (or derived). */
function PlaceAndTimeFields({ nested, regionNote }: { nested: Nested; regionNote: string | undefined }) {
  const { t } = useTranslation(NS);
  const timeFormats = useDateInputFormats('minute');
  const label = (field: (typeof FORM_FIELDS)[number]) => t(`fields.${field}`);
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="location"
            label={label('location')}
            rules={[{ required: true, whitespace: true, message: t('form.required', { field: label('location') }) }]}
          >
            <Input id="sandstorm-location" maxLength={SANDSTORM_TEXT_MAX.location} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="regionCode"
            label={label('regionCode')}
            rules={[{ required: true, message: t('form.required', { field: label('regionCode') }) }]}
            extra={regionNote ? <span id="sandstorm-region-from-map">{regionNote}</span> : undefined}
          >
            <RegionCascader id="sandstorm-region" ariaLabel={label('regionCode')} onOpenChange={nested.pickerOpen('region')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="time"
            label={label('time')}
            rules={[
              { required: true, message: t('form.required', { field: label('time') }) },
              {
                validator: async (_, v: dayjs.Dayjs | null) => {
                  if (v && v.isAfter(dayjs().add(1, 'minute'))) throw new Error(t('form.future'));
                },
              },
            ]}
          >
            <DatePicker
              id="sandstorm-time"
              showTime={{ format: 'HH:mm' }}
              format={timeFormats}
              needConfirm={false}
              onOpenChange={nested.pickerOpen('time')}
              style={{ width: '100%' }}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="level" label={label('level')}>
            <Select<SandstormLevel | null>
              id="sandstorm-level"
              onOpenChange={nested.pickerOpen('level')}
              options={[
                { value: null, label: t('form.levelAuto') },
                ...SANDSTORM_LEVELS.map((l) => ({
                  value: l,
                  label: (
                    <span>
                      <span className="record-legend-swatch" style={{ background: LEVEL_COLOURS[l] }} aria-hidden />
                      {t(`levels.${l}`)}
                    </span>
                  ),
                })),
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The measures: visibility, wind, duration (with the level hint), the position picked or typed, losses and texts. */
function MeasureFields({ picking, onPickingChange, picked }: Pick<PickingProps<PickedPosition>, 'picking' | 'onPickingChange' | 'picked'>) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Row gutter={12}>
        <Col span={8}>
          <NumberItem field="minVisibility" step={100} required />
        </Col>
        <Col span={8}>
          <NumberItem field="maxWindSpeed" step={0.5} />
        </Col>
        <Col span={8}>
          <NumberItem field="duration" step={1} required />
        </Col>
      </Row>
      <LevelHintAlert />
      <PickOnMap
        id="sandstorm-pick"
        picking={picking}
        onPickingChange={onPickingChange}
        label={t('form.pickOnMap')}
        hint={picked && picking ? t('form.picked', { position: `${picked.lon.toFixed(4)}, ${picked.lat.toFixed(4)}` }) : t('form.pickHint')}
      />
      <Row gutter={12}>
        <Col span={12}>
          <NumberItem field="lon" step={0.01} required />
        </Col>
        <Col span={12}>
          <NumberItem field="lat" step={0.01} required />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <NumberItem field="economicLoss" step={1} />
        </Col>
        <Col span={12}>
          <NumberItem field="precipitation" step={0.1} />
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <CountItem field="housesCollapsed" />
        </Col>
        <Col span={8}>
          <CountItem field="deaths" />
        </Col>
        <Col span={8}>
          <CountItem field="injured" />
        </Col>
      </Row>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea id="sandstorm-description" maxLength={SANDSTORM_TEXT_MAX.description} rows={2} />
      </Form.Item>
      <Form.Item name="remark" label={t('fields.remark')}>
        <Input.TextArea id="sandstorm-remark" maxLength={SANDSTORM_TEXT_MAX.remark} rows={1} />
      </Form.Item>
    </>
  );
}
