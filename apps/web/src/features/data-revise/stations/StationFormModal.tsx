import type { Station } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Modal, Row, Switch, type FormRule } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { fetchStation, useSaveStation } from '../api/stations';
import { conflictField, fieldIssuesOf } from '../common/api-error-data';
import { formatLatLon } from '../common/format';
import { NS } from '../i18n';
import {
  checkStationField,
  STATION_FIELDS,
  STATION_REQUIRED,
  STATION_TEXT_MAX,
  stationBody,
  stationFormValues,
  type StationField,
  type StationFormValues,
} from './station-values';
import { useFeedback } from '../../../lib/feedback';

const NUMBER_FIELDS: readonly StationField[] = ['longitude', 'latitude', 'altitude'];

export interface PickedPosition {
  longitude: number;
  latitude: number;
}

/**
 * Create (record null) or edit a station. The dialog has no mask and sits at the left, so the map stays
 * clickable: while "pick on the map" is on (the default when creating), a click on the map fills the position.
 */
export function StationFormModal({
  record,
  picking,
  onPickingChange,
  picked,
  onPositionChange,
  onSaved,
  onClose,
}: {
  record: Station | null;
  picking: boolean;
  onPickingChange: (on: boolean) => void;
  /** The last position clicked on the map while picking. */
  picked: PickedPosition | null;
  /** The position the form holds now (drawn on the map as a draft marker). */
  onPositionChange: (position: PickedPosition | null) => void;
  onSaved: (station: Station) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<StationFormValues>();
  const save = useSaveStation();
  const { version, offerStale } = useEditVersion(record);
  const label = (field: StationField) => t(`station.fields.${field}`);

  const rulesOf = useMemo(
    () =>
      (field: StationField): FormRule[] => {
        const name = t(`station.fields.${field}`);
        return [
          ...(STATION_REQUIRED.includes(field)
            ? [
                NUMBER_FIELDS.includes(field)
                  ? { required: true, type: 'number' as const, message: t('validation.required', { field: name }) }
                  : { required: true, whitespace: true, message: t('validation.required', { field: name }) },
              ]
            : []),
          {
            validator: async (_, value: unknown) => {
              const problem = checkStationField(field, value);
              // An empty required field is the rule above's message.
              if (problem && problem.key !== 'required') throw new Error(t(`validation.${problem.key}`, { ...problem, field: name }));
            },
          },
        ];
      },
    [t],
  );

  // A click on the map while picking fills the position.
  useEffect(() => {
    if (!picked) return;
    // Set, with any earlier complaint about them cleared (the rules run again on save).
    form.setFields([
      { name: 'longitude', value: picked.longitude, errors: [] },
      { name: 'latitude', value: picked.latitude, errors: [] },
    ]);
  }, [picked, form]);

  const longitude = Form.useWatch('longitude', form) as number | null | undefined;
  const latitude = Form.useWatch('latitude', form) as number | null | undefined;
  useEffect(() => {
    const valid = (v: unknown, field: 'longitude' | 'latitude') => typeof v === 'number' && checkStationField(field, v) === null;
    onPositionChange(valid(longitude, 'longitude') && valid(latitude, 'latitude') ? { longitude: longitude!, latitude: latitude! } : null);
  }, [longitude, latitude, onPositionChange]);

  const onFinish = async (values: StationFormValues) => {
    try {
      const saved = await save.mutateAsync({ id: record?.id, version, values: stationBody(values) });
      void message.success(t(record ? 'common.saved' : 'common.created'));
      onSaved(saved);
    } catch (error) {
      const issues = fieldIssuesOf(error).filter((i) => (STATION_FIELDS as readonly string[]).includes(i.field));
      if (issues.length > 0) {
        form.setFields(issues.map((i) => ({ name: i.field as StationField, errors: [i.message] })));
        return;
      }
      if (conflictField(error) === 'stationNumber') {
        form.setFields([{ name: 'stationNumber', errors: [t('station.numberTaken')] }]);
        return;
      }
      if (!record) return;
      await offerStale(error, {
        fetchCurrent: () => fetchStation(record),
        onReload: (fresh) => form.setFieldsValue(stationFormValues(fresh)),
        onGone: onClose,
      });
    }
  };

  const text = (field: Exclude<StationField, 'longitude' | 'latitude' | 'altitude'>) => (
    <Form.Item name={field} label={label(field)} rules={rulesOf(field)}>
      {field === 'remarks' ? (
        <Input.TextArea maxLength={STATION_TEXT_MAX.remarks} rows={2} />
      ) : (
        <Input maxLength={STATION_TEXT_MAX[field]} autoComplete="off" />
      )}
    </Form.Item>
  );
  const number = (field: 'longitude' | 'latitude' | 'altitude', step: number) => (
    <Form.Item name={field} label={label(field)} rules={rulesOf(field)}>
      <InputNumber step={step} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={record ? t('station.editTitle') : t('station.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'station-form-submit' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={false}
      focusable={{ trap: false }}
      wrapClassName="dr-modal-passthrough"
      style={{ top: 16, marginLeft: 16 }}
      destroyOnHidden
      width={520}
    >
      <Form<StationFormValues>
        form={form}
        name="station-form"
        layout="vertical"
        size="small"
        initialValues={stationFormValues(record)}
        onFinish={(v) => void onFinish(v)}
      >
        <Row gutter={12}>
          <Col span={10}>{text('stationNumber')}</Col>
          <Col span={14}>{text('name')}</Col>
        </Row>
        <Row gutter={12}>
          <Col span={8}>{text('province')}</Col>
          <Col span={8}>{text('city')}</Col>
          <Col span={8}>{text('district')}</Col>
        </Row>
        {text('address')}
        <div className="dr-pick" data-picking={picking ? 'on' : 'off'}>
          <Switch id="station-pick" size="small" checked={picking} onChange={onPickingChange} />{' '}
          <label htmlFor="station-pick">{t('station.pickOnMap')}</label>
          <div className="dr-hint">
            {picked && picking ? t('station.picked', { position: formatLatLon(picked.latitude, picked.longitude) }) : t('station.pickHint')}
          </div>
        </div>
        <Row gutter={12}>
          <Col span={8}>{number('longitude', 0.01)}</Col>
          <Col span={8}>{number('latitude', 0.01)}</Col>
          <Col span={8}>{number('altitude', 1)}</Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>{text('contactPerson')}</Col>
          <Col span={12}>{text('contactPhone')}</Col>
        </Row>
        {text('remarks')}
      </Form>
    </Modal>
  );
}
