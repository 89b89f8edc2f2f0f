import { SPOT_GRADES, SPOT_TEXT_MAX, TICKET_PRICE_MAX } from '@agromet/contracts/web';
import type { Spot } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import type { PickingProps } from '../../../components/record-map/use-picking-editor';
import { useFormPosition } from '../../../components/record-map/PickOnMap';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { request } from '../../../lib/request';
import { fetchCurrent, useSaveSpot } from '../api/spots';
import { PublishingFields } from '../common/PublishingFields';
import { PositionFields, TravelFormDialog, useTravelFieldText } from '../common/TravelForm';
import { gradeLabel, spotBody, spotFormValues, type SpotFormValues } from './spot-rules';

export type PickedPosition = { lon: number; lat: number };

const FIELDS = [
  'name',
  'grade',
  'regionCode',
  'address',
  'lon',
  'lat',
  'openingHours',
  'ticketPrice',
  'phone',
  'photos',
  'description',
  'published',
] as const;

/** Create (spot null) or edit a scenic spot; like the disaster form, the map stays clickable to pick the position. */
export function SpotFormModal({
  spot,
  picker,
  onSaved,
  onClose,
}: {
  picker: PickingProps<PickedPosition>;
  spot: Spot | null;
  onSaved: (spot: Spot) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SpotFormValues>();
  const save = useSaveSpot();
  useFormPosition(form, picker.picked, picker.onPositionChange);
  const onFinish = useRecordSave({
    record: spot,
    form,
    save: save.mutateAsync,
    body: spotBody,
    fields: FIELDS,
    fieldOf: (path) => path.split('.')[0]!,
    current: (s) => fetchCurrent((query) => request('travelSpotPage', { query, silent: true }), s),
    reload: (fresh) => form.setFieldsValue(spotFormValues(fresh)),
    onSaved,
    onClose,
  });

  return (
    <TravelFormDialog<SpotFormValues>
      kind="spot"
      editing={spot !== null}
      saving={save.isPending}
      onCancel={onClose}
      form={form}
      name="spot-form"
      initialValues={spotFormValues(spot)}
      onFinish={onFinish}
    >
      <SpotFields {...picker} />
    </TravelFormDialog>
  );
}

/** The spot form's fields, the position picked on the map or typed. */
function SpotFields(picker: Pick<PickingProps<PickedPosition>, 'picking' | 'onPickingChange' | 'picked'>) {
  const { t, label, required } = useTravelFieldText('spot');
  const range = (f: 'lon' | 'lat', [min, max]: readonly [number, number]) => ({
    type: 'number' as const,
    min,
    max,
    message: t('spot.range', { field: label(f), min, max }),
  });
  return (
    <>
      <Row gutter={12}>
        <Col span={14}>
          <Form.Item name="name" label={label('name')} rules={[{ ...required('name'), whitespace: true }]}>
            <Input id="spot-name" maxLength={SPOT_TEXT_MAX.name} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="grade" label={label('grade')}>
            <Select id="spot-grade" options={SPOT_GRADES.map((g) => ({ value: g, label: g === '' ? t('spot.noGrade') : gradeLabel(g) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="regionCode" label={label('regionCode')} rules={[required('regionCode')]}>
            <RegionCascader id="spot-region" ariaLabel={label('regionCode')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="address" label={label('address')}>
            <Input id="spot-address" maxLength={SPOT_TEXT_MAX.address} />
          </Form.Item>
        </Col>
      </Row>
      <PositionFields kind="spot" {...picker} rules={(f, limits) => [required(f), range(f, limits)]} />
      <Row gutter={12}>
        <Col span={10}>
          <Form.Item name="openingHours" label={label('openingHours')}>
            <Input id="spot-hours" maxLength={SPOT_TEXT_MAX.openingHours} />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name="ticketPrice" label={label('ticketPrice')}>
            <InputNumber id="spot-price" min={0} max={TICKET_PRICE_MAX} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={7}>
          <Form.Item name="phone" label={label('phone')} rules={[{ pattern: /^[0-9+\-() ]*$/, message: t('spot.phoneFormat') }]}>
            <Input id="spot-phone" maxLength={SPOT_TEXT_MAX.phone} />
          </Form.Item>
        </Col>
      </Row>
      <PublishingFields idPrefix="spot" label={label} rows={3} />
    </>
  );
}
