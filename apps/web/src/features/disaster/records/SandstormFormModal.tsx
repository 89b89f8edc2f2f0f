import { SANDSTORM_LEVELS, SANDSTORM_LIMITS, SANDSTORM_TEXT_MAX, type SandstormLevel } from '@agromet/contracts/web';
import type { Sandstorm } from '@agromet/contracts';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Switch, type FormRule } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { useDateInputFormats } from '../../../lib/date-input';
import { fieldIssuesOf } from '../../../lib/field-issues';
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
  type NumberField,
  type SandstormFormValues,
} from './sandstorm-form';
import { useFeedback } from '../../../lib/feedback';

export interface PickedPosition {
  lon: number;
  lat: number;
}

type CountField = 'housesCollapsed' | 'deaths' | 'injured';
const FORM_FIELDS = [
  'location',
  'regionCode',
  'time',
  'level',
  'lon',
  'lat',
  'duration',
  'minVisibility',
  'maxWindSpeed',
  'precipitation',
  'economicLoss',
  'housesCollapsed',
  'deaths',
  'injured',
  'description',
  'remark',
] as const;

/**
 * Create (record null) or edit a sandstorm record. The dialog has no mask and sits at the left, so the map stays
 * clickable: while "pick on the map" is on (the default when creating) a click fills the position and the region the
 * boundary layers give the point (GET /api/region/at; a county chosen inside it is kept). Under the level the form
 * says which grade GB/T 20480 gives, or why the chosen one does not fit the visibility. Escape in an open picker
 * closes the picker only; the time may be typed in the language's way of writing dates.
 */
export function SandstormFormModal({
  record,
  picking,
  onPickingChange,
  picked,
  onPositionChange,
  onSaved,
  onClose,
}: {
  record: Sandstorm | null;
  picking: boolean;
  onPickingChange: (on: boolean) => void;
  picked: PickedPosition | null;
  onPositionChange: (position: PickedPosition | null) => void;
  onSaved: (record: Sandstorm) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<SandstormFormValues>();
  const save = useSaveSandstorm();
  const { version, offerStale } = useEditVersion(record);
  const label = (field: (typeof FORM_FIELDS)[number]) => t(`fields.${field}`);
  const nested = useNestedEscape();
  const timeFormats = useDateInputFormats('minute');
  /** What the boundary layers said of the last picked point: the region and its layer, or that none holds it. */
  const [fromMap, setFromMap] = useState<{ code: string | null; name: string; layer: string | null } | null>(null);

  const numberRules = useMemo(
    () =>
      (field: NumberField, required: boolean): FormRule[] => {
        const [min, max] = FIELD_RANGE[field];
        const name = t(`fields.${field}`);
        return [
          ...(required ? [{ required: true, type: 'number' as const, message: t('form.required', { field: name }) }] : []),
          { type: 'number' as const, min, max, message: t('form.range', { field: name, min, max }) },
        ];
      },
    [t],
  );

  useEffect(() => {
    if (!picked) return;
    form.setFields([
      { name: 'lon', value: Math.round(picked.lon * 10_000) / 10_000, errors: [] },
      { name: 'lat', value: Math.round(picked.lat * 10_000) / 10_000, errors: [] },
    ]);
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
  const regionNote = (() => {
    if (!fromMap) return undefined;
    if (!fromMap.code) return t('form.regionNotFound');
    if (regionCode !== fromMap.code) return undefined;
    return t('form.regionFromMap', { region: fromMap.name, layer: fromMap.layer ?? t('form.provincesLayer') });
  })();

  const lon = Form.useWatch('lon', form);
  const lat = Form.useWatch('lat', form);
  useEffect(() => {
    const ok = (v: unknown, [min, max]: readonly [number, number]) => typeof v === 'number' && v >= min && v <= max;
    onPositionChange(ok(lon, SANDSTORM_LIMITS.lon) && ok(lat, SANDSTORM_LIMITS.lat) ? { lon: lon!, lat: lat! } : null);
  }, [lon, lat, onPositionChange]);

  const level = Form.useWatch('level', form);
  const visibility = Form.useWatch('minVisibility', form);
  const wind = Form.useWatch('maxWindSpeed', form);
  const hint = levelHint(level, visibility, wind);
  const hintText = (() => {
    if (!hint) return null;
    if (hint.kind === 'derived') return t('form.levelDerived', { level: t(`levels.${hint.level}`) });
    const p = hint.problem;
    if (p.key === 'sandstorm.levelContradicts')
      return t('form.levelContradicts', { visibility: p.visibility, expected: t(`levels.${p.expected}`) });
    return p.key === 'sandstorm.notDustWeather' ? t('form.notDustWeather') : t('form.levelNeedsWind');
  })();

  const onFinish = async (values: SandstormFormValues) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id, version, values: sandstormBody(values) });
      void message.success(t(record ? 'common.saved' : 'common.created'));
      onSaved(saved);
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((i) => (FORM_FIELDS as readonly string[]).includes(i.field));
      if (issues.length > 0) {
        form.setFields(issues.map((i) => ({ name: i.field as (typeof FORM_FIELDS)[number], errors: [i.message] })));
        return;
      }
      if (!record) return;
      await offerStale(error, {
        fetchCurrent: () => fetchSandstorm(record),
        onReload: (fresh) => form.setFieldsValue(formValues(fresh)),
        onGone: onClose,
      });
    }
  };

  const number = (field: NumberField, step: number, required = false) => (
    <Form.Item name={field} label={label(field)} rules={numberRules(field, required)}>
      <InputNumber id={`sandstorm-${field}`} step={step} style={{ width: '100%' }} />
    </Form.Item>
  );
  const count = (field: CountField) => (
    <Form.Item
      name={field}
      label={label(field)}
      rules={[{ type: 'integer', min: 0, max: SANDSTORM_LIMITS.count[1], message: t('form.integer', { field: label(field) }) }]}
    >
      <InputNumber id={`sandstorm-${field}`} min={0} step={1} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={record ? t('form.editTitle') : t('form.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'sandstorm-form-submit' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={nested.guardCancel(onClose)}
      mask={false}
      focusable={{ trap: false }}
      wrapClassName="ds-modal-passthrough"
      style={{ top: 16, marginLeft: 16 }}
      destroyOnHidden
      width={640}
    >
      <div onKeyDownCapture={nested.onKeyDownCapture}>
        <Form<SandstormFormValues>
          form={form}
          name="sandstorm-form"
          layout="vertical"
          size="small"
          initialValues={formValues(record)}
          onFinish={(v) => void onFinish(v)}
        >
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
          <Row gutter={12}>
            <Col span={8}>{number('minVisibility', 100, true)}</Col>
            <Col span={8}>{number('maxWindSpeed', 0.5)}</Col>
            <Col span={8}>{number('duration', 1, true)}</Col>
          </Row>
          {hintText ? (
            <Alert
              id="sandstorm-level-hint"
              className="ds-level-hint"
              type={hint?.kind === 'derived' ? 'info' : 'warning'}
              showIcon
              title={hintText}
              data-kind={hint?.kind}
            />
          ) : null}
          <div className="ds-pick" data-picking={picking ? 'on' : 'off'}>
            <Switch id="sandstorm-pick" size="small" checked={picking} onChange={onPickingChange} />{' '}
            <label htmlFor="sandstorm-pick">{t('form.pickOnMap')}</label>
            <div className="ds-hint">
              {picked && picking
                ? t('form.picked', { position: `${picked.lon.toFixed(4)}, ${picked.lat.toFixed(4)}` })
                : t('form.pickHint')}
            </div>
          </div>
          <Row gutter={12}>
            <Col span={12}>{number('lon', 0.01, true)}</Col>
            <Col span={12}>{number('lat', 0.01, true)}</Col>
          </Row>
          <Row gutter={12}>
            <Col span={12}>{number('economicLoss', 1)}</Col>
            <Col span={12}>{number('precipitation', 0.1)}</Col>
          </Row>
          <Row gutter={12}>
            <Col span={8}>{count('housesCollapsed')}</Col>
            <Col span={8}>{count('deaths')}</Col>
            <Col span={8}>{count('injured')}</Col>
          </Row>
          <Form.Item name="description" label={label('description')}>
            <Input.TextArea id="sandstorm-description" maxLength={SANDSTORM_TEXT_MAX.description} rows={2} />
          </Form.Item>
          <Form.Item name="remark" label={label('remark')}>
            <Input.TextArea id="sandstorm-remark" maxLength={SANDSTORM_TEXT_MAX.remark} rows={1} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
