import { LANDSCAPE_KINDS, MONTH_DAY_PATTERN, PRECIPITATION_NEEDS, SPOT_TEXT_MAX } from '@agromet/contracts/web';
import type { Landscape } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { useFormPosition } from '../../../components/record-map/PickOnMap';
import type { PickingProps } from '../../../components/record-map/use-picking-editor';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { request } from '../../../lib/request';
import { fetchCurrent, useSaveLandscape, useSpotOptions } from '../api/spots';
import { PublishingFields } from '../common/PublishingFields';
import { PositionFields, TravelFormDialog, useTravelFieldText } from '../common/TravelForm';
import { landscapeBody, landscapeFormValues, type LandscapeFormValues } from './landscape-rules';

export type Pos = { lon: number; lat: number };
const FIELDS = [
  'name',
  'kind',
  'spotId',
  'regionCode',
  'lon',
  'lat',
  'bestFrom',
  'bestTo',
  'tempMin',
  'tempMax',
  'maxWind',
  'precipitation',
  'photos',
  'description',
  'published',
];

/** Create or edit a landscape; the map stays clickable to pick the position, as in the other forms. */
export function LandscapeFormModal({
  landscape,
  picker,
  onSaved,
  onClose,
}: {
  picker: PickingProps<Pos>;
  landscape: Landscape | null;
  onSaved: (l: Landscape) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<LandscapeFormValues>();
  const save = useSaveLandscape();
  useFormPosition(form, picker.picked, picker.onPositionChange);
  const onFinish = useRecordSave({
    record: landscape,
    form,
    save: save.mutateAsync,
    body: landscapeBody,
    fields: FIELDS,
    fieldOf: (path) => path.replace(/^weather\./, '').split('.')[0]!,
    current: (l) => fetchCurrent((query) => request('travelLandscapePage', { query, silent: true }), l),
    reload: (fresh) => form.setFieldsValue(landscapeFormValues(fresh)),
    onSaved,
    onClose,
  });

  return (
    <TravelFormDialog<LandscapeFormValues>
      kind="landscape"
      editing={landscape !== null}
      saving={save.isPending}
      onCancel={onClose}
      form={form}
      initialValues={landscapeFormValues(landscape)}
      onFinish={onFinish}
    >
      <LandscapeFields {...picker} />
    </TravelFormDialog>
  );
}

/** The landscape form's fields: name, kind, spot, region, position (picked or typed), season and weather needs. */
function LandscapeFields(picker: Pick<PickingProps<Pos>, 'picking' | 'onPickingChange' | 'picked'>) {
  const { t, label, required } = useTravelFieldText('landscape');
  const spots = useSpotOptions();
  const monthDay = { pattern: MONTH_DAY_PATTERN, message: t('landscape.monthDay') };
  const num = (f: 'tempMin' | 'tempMax' | 'maxWind') => (
    <Form.Item name={f} label={label(f)}>
      <InputNumber id={`landscape-${f}`} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="name" label={label('name')} rules={[{ ...required('name'), whitespace: true }]}>
            <Input id="landscape-name" maxLength={SPOT_TEXT_MAX.name} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="kind" label={label('kind')} rules={[required('kind')]}>
            <Select id="landscape-kind" options={LANDSCAPE_KINDS.map((k) => ({ value: k, label: t(`landscape.kinds.${k}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="spotId" label={label('spotId')}>
            <Select id="landscape-spot" allowClear showSearch={{ optionFilterProp: 'label' }} options={spots.data ?? []} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="regionCode" label={label('regionCode')} rules={[required('regionCode')]}>
            <RegionCascader id="landscape-region" ariaLabel={label('regionCode')} />
          </Form.Item>
        </Col>
      </Row>
      <PositionFields kind="landscape" {...picker} rules={(f, [min, max]) => [required(f), { type: 'number', min, max }]} />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="bestFrom" label={label('bestFrom')} rules={[required('bestFrom'), monthDay]}>
            <Input id="landscape-from" placeholder="03-15" maxLength={5} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="bestTo" label={label('bestTo')} rules={[required('bestTo'), monthDay]}>
            <Input id="landscape-to" placeholder="04-10" maxLength={5} />
          </Form.Item>
        </Col>
      </Row>
      {/* Two a row: a quarter of the dialog is too narrow for these labels on one line (Spanish wraps them to three,
          drawn under the fields). */}
      <Row gutter={12}>
        <Col span={12}>{num('tempMin')}</Col>
        <Col span={12}>{num('tempMax')}</Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>{num('maxWind')}</Col>
        <Col span={12}>
          <Form.Item name="precipitation" label={label('precipitation')}>
            <Select
              id="landscape-precipitation"
              options={PRECIPITATION_NEEDS.map((p) => ({ value: p, label: t(`landscape.precipitation.${p}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <PublishingFields idPrefix="landscape" label={label} />
    </>
  );
}
