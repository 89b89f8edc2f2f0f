import type { Station } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Row, type FormInstance, type FormRule } from 'antd';
import { MapFormDialog } from '../../../components/record-map/MapFormDialog';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { PickOnMap } from '../../../components/record-map/PickOnMap';
import type { PickingProps } from '../../../components/record-map/use-picking-editor';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchStation, useSaveStation } from '../api/stations';
import { conflictField } from '../common/api-error-data';
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

const NUMBER_FIELDS: readonly StationField[] = ['longitude', 'latitude', 'altitude'];

export type PickedPosition = { longitude: number; latitude: number };

/** The rules of a station's field: required ones, and the checks the server makes (station-values.ts). */
function useStationRules(): (field: StationField) => FormRule[] {
  const { t } = useTranslation(NS);
  return useMemo(
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
}

/** A position picked on the map fills the fields; the position they hold, when valid, is reported for the draft marker. */
function useStationPosition(
  form: FormInstance<StationFormValues>,
  picked: PickedPosition | null,
  onPositionChange: (position: PickedPosition | null) => void,
): void {
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
}

/**
 * Create (record null) or edit a station. The dialog has no mask and sits at the left, so the map stays
 * clickable: while "pick on the map" is on (the default when creating), a click on the map fills the position.
 */
export function StationFormModal({
  record,
  picker,
  onSaved,
  onClose,
}: {
  picker: PickingProps<PickedPosition>;
  record: Station | null;
  onSaved: (station: Station) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<StationFormValues>();
  const save = useSaveStation();
  const label = (field: StationField) => t(`station.fields.${field}`);
  const rulesOf = useStationRules();
  useStationPosition(form, picker.picked, picker.onPositionChange);
  const onFinish = useRecordSave({
    record,
    form,
    save: save.mutateAsync,
    body: stationBody,
    fields: STATION_FIELDS,
    ownIssues: (_issues, error) => {
      if (conflictField(error) !== 'stationNumber') return false;
      form.setFields([{ name: 'stationNumber', errors: [t('station.numberTaken')] }]);
      return true;
    },
    current: fetchStation,
    reload: (fresh) => form.setFieldsValue(stationFormValues(fresh)),
    onSaved,
    onClose,
  });

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
    <MapFormDialog<StationFormValues>
      title={record ? t('station.editTitle') : t('station.createTitle')}
      submitId="station-form-submit"
      saving={save.isPending}
      onCancel={onClose}
      width={520}
      form={form}
      name="station-form"
      initialValues={stationFormValues(record)}
      onFinish={onFinish}
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
      <PickOnMap
        id="station-pick"
        picking={picker.picking}
        onPickingChange={picker.onPickingChange}
        label={t('station.pickOnMap')}
        hint={
          picker.picked && picker.picking
            ? t('station.picked', { position: formatLatLon(picker.picked.latitude, picker.picked.longitude) })
            : t('station.pickHint')
        }
      />
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
    </MapFormDialog>
  );
}
