import { SANDSTORM_LIMITS, SPOT_GRADES, SPOT_TEXT_MAX, TICKET_PRICE_MAX } from '@agromet/contracts/web';
import type { Spot } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RegionCascader } from '../../../components/region-cascader/RegionCascader';
import { fieldIssuesOf } from '../../../lib/field-issues';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { fetchSpot, useSaveSpot } from '../api/spots';
import { PhotoList } from '../common/PhotoList';
import { NS } from '../i18n';
import { gradeLabel, spotBody, spotFormValues, type SpotFormValues } from './spot-rules';
import { useFeedback } from '../../../lib/feedback';

export interface PickedPosition {
  lon: number;
  lat: number;
}

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
  picking,
  onPickingChange,
  picked,
  onPositionChange,
  onSaved,
  onClose,
}: {
  spot: Spot | null;
  picking: boolean;
  onPickingChange: (on: boolean) => void;
  picked: PickedPosition | null;
  onPositionChange: (p: PickedPosition | null) => void;
  onSaved: (spot: Spot) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<SpotFormValues>();
  const save = useSaveSpot();
  const { version, offerStale } = useEditVersion(spot);
  const label = (f: (typeof FIELDS)[number]) => t(`spot.fields.${f}`);
  const required = (f: (typeof FIELDS)[number]) => ({ required: true, message: t('spot.required', { field: label(f) }) });
  const range = (f: 'lon' | 'lat', [min, max]: readonly [number, number]) => ({
    type: 'number' as const,
    min,
    max,
    message: t('spot.range', { field: label(f), min, max }),
  });

  useEffect(() => {
    if (!picked) return;
    form.setFields([
      { name: 'lon', value: Math.round(picked.lon * 10_000) / 10_000, errors: [] },
      { name: 'lat', value: Math.round(picked.lat * 10_000) / 10_000, errors: [] },
    ]);
  }, [picked, form]);
  const lon = Form.useWatch('lon', form);
  const lat = Form.useWatch('lat', form);
  useEffect(() => {
    onPositionChange(typeof lon === 'number' && typeof lat === 'number' ? { lon, lat } : null);
  }, [lon, lat, onPositionChange]);

  const onFinish = async (values: SpotFormValues) => {
    try {
      const saved = await save.mutateAsync({ id: spot?.id, version, values: spotBody(values) });
      void message.success(t(spot ? 'common.saved' : 'common.created'));
      onSaved(saved);
    } catch (error) {
      const issues = fieldIssuesOf(error)
        .map((i) => ({ ...i, field: i.field.split('.')[0]! }))
        .filter((i) => (FIELDS as readonly string[]).includes(i.field));
      if (issues.length > 0) {
        form.setFields(issues.map((i) => ({ name: i.field as (typeof FIELDS)[number], errors: [i.message] })));
        return;
      }
      if (!spot) return;
      await offerStale(error, {
        fetchCurrent: () => fetchSpot(spot),
        onReload: (fresh) => form.setFieldsValue(spotFormValues(fresh)),
        onGone: onClose,
      });
    }
  };

  return (
    <Modal
      open
      title={spot ? t('spot.editTitle') : t('spot.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'spot-form-submit' }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={false}
      focusable={{ trap: false }}
      wrapClassName="tr-modal-passthrough"
      style={{ top: 16, marginLeft: 16 }}
      destroyOnHidden
      width={560}
    >
      <Form<SpotFormValues>
        form={form}
        name="spot-form"
        layout="vertical"
        size="small"
        initialValues={spotFormValues(spot)}
        onFinish={(v) => void onFinish(v)}
      >
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item name="name" label={label('name')} rules={[{ ...required('name'), whitespace: true }]}>
              <Input id="spot-name" maxLength={SPOT_TEXT_MAX.name} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="grade" label={label('grade')}>
              <Select
                id="spot-grade"
                options={SPOT_GRADES.map((g) => ({ value: g, label: g === '' ? t('spot.noGrade') : gradeLabel(g) }))}
              />
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
        <div className="tr-pick" data-picking={picking ? 'on' : 'off'}>
          <Switch id="spot-pick" size="small" checked={picking} onChange={onPickingChange} />{' '}
          <label htmlFor="spot-pick">{t('spot.pickOnMap')}</label>
          <div className="tr-hint">
            {picked && picking ? t('spot.picked', { position: `${picked.lon.toFixed(4)}, ${picked.lat.toFixed(4)}` }) : t('spot.pickHint')}
          </div>
        </div>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="lon" label={label('lon')} rules={[required('lon'), range('lon', SANDSTORM_LIMITS.lon)]}>
              <InputNumber id="spot-lon" step={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="lat" label={label('lat')} rules={[required('lat'), range('lat', SANDSTORM_LIMITS.lat)]}>
              <InputNumber id="spot-lat" step={0.01} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
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
        <Form.Item name="photos" label={label('photos')}>
          <PhotoList />
        </Form.Item>
        <Form.Item name="description" label={label('description')}>
          <Input.TextArea id="spot-description" maxLength={SPOT_TEXT_MAX.description} rows={3} />
        </Form.Item>
        <Form.Item name="published" label={label('published')} valuePropName="checked">
          <Switch id="spot-published" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
