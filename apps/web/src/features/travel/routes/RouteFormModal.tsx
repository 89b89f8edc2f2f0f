import { ROUTE_DAYS_MAX, ROUTE_STOPS, SPOT_TEXT_MAX } from '@agromet/contracts/web';
import type { Route } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { request } from '../../../lib/request';
import { useSaveRoute, useStopOptions } from '../api/greenways-routes';
import { fetchCurrent } from '../api/spots';
import { PublishingFields } from '../common/PublishingFields';
import { TravelFormDialog, useTravelFieldText } from '../common/TravelForm';
import { routeBody, routeFormValues, stopsOf, type DraftStop, type RouteFormValues } from './route-rules';
import { StopList } from './StopList';

const FIELDS = ['name', 'days', 'description', 'published'];

/** Create or edit a route: its days and its stops in order, shown numbered on the map as they are arranged. */
export function RouteFormModal({
  route,
  stops,
  onStopsChange,
  onSaved,
  onClose,
}: {
  route: Route | null;
  stops: DraftStop[];
  onStopsChange: (stops: DraftStop[]) => void;
  onSaved: (r: Route) => void;
  onClose: () => void;
}) {
  const { t, label, required } = useTravelFieldText('route');
  const [form] = Form.useForm<RouteFormValues>();
  const save = useSaveRoute();
  const options = useStopOptions();
  const [stopsError, setStopsError] = useState<string | null>(null);
  useEffect(() => setStopsError(null), [stops]);
  const saveRecord = useRecordSave({
    record: route,
    form,
    save: save.mutateAsync,
    body: (values: RouteFormValues) => routeBody(values, stops),
    fields: FIELDS,
    ownIssues: (issues) => {
      const onStops = issues.find((i) => i.field.startsWith('stops'));
      if (!onStops) return false;
      const k = Number(onStops.field.split('.')[1]);
      setStopsError(Number.isInteger(k) && stops[k] ? `${k + 1}. ${stops[k].name}: ${onStops.message}` : onStops.message);
      return true;
    },
    current: (r) => fetchCurrent((query) => request('travelRoutePage', { query, silent: true }), r),
    reload: (fresh) => {
      form.setFieldsValue(routeFormValues(fresh));
      onStopsChange(stopsOf(fresh));
    },
    onSaved,
    onClose,
  });
  const onFinish = async (values: RouteFormValues) => {
    if (stops.length < ROUTE_STOPS.min) setStopsError(t('route.stopsRequired'));
    else await saveRecord(values);
  };

  return (
    <TravelFormDialog<RouteFormValues>
      kind="route"
      editing={route !== null}
      saving={save.isPending}
      onCancel={onClose}
      form={form}
      initialValues={routeFormValues(route)}
      onFinish={onFinish}
    >
      <Row gutter={12}>
        <Col span={16}>
          <Form.Item name="name" label={label('name')} rules={[{ ...required('name'), whitespace: true }]}>
            <Input id="route-name" maxLength={SPOT_TEXT_MAX.name} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="days" label={label('days')} rules={[required('days')]}>
            <InputNumber id="route-days" min={1} max={ROUTE_DAYS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={label('stops')} required>
        <StopList stops={stops} options={options.data ?? []} onChange={onStopsChange} />
        {stopsError ? (
          <div className="ant-form-item-explain-error" role="alert" id="route-stops-error">
            {stopsError}
          </div>
        ) : null}
      </Form.Item>
      <PublishingFields idPrefix="route" label={label} photos={false} />
    </TravelFormDialog>
  );
}
