import { PlusOutlined } from '@ant-design/icons';
import { ROUTE_DAYS_MAX, ROUTE_STOPS, SPOT_TEXT_MAX } from '@agromet/contracts/web';
import type { Route } from '@agromet/contracts';
import { Col, Form, Input, InputNumber, Modal, Row, Switch, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { fieldIssuesOf } from '../../../lib/field-issues';
import { request } from '../../../lib/request';
import { useDeleteRoute, useRoutePage, useSaveRoute, useStopOptions, type RouteFilters } from '../api/greenways-routes';
import { fitPaths, usePathLayer, type MapPath } from '../common/use-path-layer';
import { NS } from '../i18n';
import '../travel.css';
import { routeBody, routeColour, routeFormValues, type DraftStop, type RouteFormValues } from './route-rules';
import { StopList } from './StopList';
import { useFeedback } from '../../../lib/feedback';

const FIELDS = ['name', 'days', 'description', 'published'];
const stopsOf = (r: Route | null): DraftStop[] => (r ? r.stops.map(({ type, id, name, lon, lat }) => ({ type, id, name, lon, lat })) : []);

/** Create or edit a route: its days and its stops in order, shown numbered on the map as they are arranged. */
function RouteFormModal({
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
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<RouteFormValues>();
  const save = useSaveRoute();
  const options = useStopOptions();
  const { version, offerStale } = useEditVersion(route);
  const [stopsError, setStopsError] = useState<string | null>(null);
  const label = (f: string) => t(`route.fields.${f}`);
  useEffect(() => setStopsError(null), [stops]);

  const onFinish = async (values: RouteFormValues) => {
    if (stops.length < ROUTE_STOPS.min) {
      setStopsError(t('route.stopsRequired'));
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: route?.id, version, values: routeBody(values, stops) });
      void message.success(t(route ? 'common.saved' : 'common.created'));
      onSaved(saved);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      const onStops = issues.find((i) => i.field.startsWith('stops'));
      if (onStops) {
        const k = Number(onStops.field.split('.')[1]);
        setStopsError(Number.isInteger(k) && stops[k] ? `${k + 1}. ${stops[k].name}: ${onStops.message}` : onStops.message);
      }
      const onForm = issues.filter((i) => FIELDS.includes(i.field));
      if (onForm.length > 0) form.setFields(onForm.map((i) => ({ name: i.field as keyof RouteFormValues, errors: [i.message] })));
      if (onStops || onForm.length > 0) return;
      if (route)
        await offerStale(error, {
          fetchCurrent: async () =>
            (await request('travelRoutePage', { query: { keyword: route.name, size: 1000 }, silent: true })).list.find(
              (r) => r.id === route.id,
            ) ?? null,
          onGone: onClose,
          onReload: (fresh) => {
            form.setFieldsValue(routeFormValues(fresh));
            onStopsChange(stopsOf(fresh));
          },
        });
    }
  };

  return (
    <Modal
      open
      title={route ? t('route.editTitle') : t('route.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'route-form-submit' }}
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
      <Form<RouteFormValues>
        form={form}
        layout="vertical"
        size="small"
        initialValues={routeFormValues(route)}
        onFinish={(v) => void onFinish(v)}
      >
        <Row gutter={12}>
          <Col span={16}>
            <Form.Item
              name="name"
              label={label('name')}
              rules={[{ required: true, whitespace: true, message: t('spot.required', { field: label('name') }) }]}
            >
              <Input id="route-name" maxLength={SPOT_TEXT_MAX.name} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="days"
              label={label('days')}
              rules={[{ required: true, message: t('spot.required', { field: label('days') }) }]}
            >
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
        <Form.Item name="description" label={label('description')}>
          <Input.TextArea id="route-description" rows={2} maxLength={SPOT_TEXT_MAX.description} />
        </Form.Item>
        <Form.Item name="published" label={label('published')} valuePropName="checked">
          <Switch id="route-published" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /travel-manage/travel-routes: routes as a table (name, days, stops, distance) and as lines through their stops on the
 * map; the stops are chosen among the customer's spots and landscapes and dragged into order.
 */
export function RoutePage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  useHideForecast(true);
  const fields = useMemo<FilterField<RouteFilters>[]>(
    () => [{ kind: 'keyword', key: 'keyword', id: 'route-search', placeholder: t('route.searchPlaceholder'), width: 200 }],
    [t],
  );
  const list = useListPage<Route, RouteFilters, ReturnType<typeof useRoutePage>>({ filters: fields, pageSize: 10, useRows: useRoutePage });
  const { filters, rows: page } = list;
  const items = useMemo(() => page.data?.list ?? [], [page.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const editor = useEditor<Route>();
  const editing = editor.editing;
  const [stops, setStops] = useState<DraftStop[]>([]);
  const remove = useDeleteRoute();
  const confirmDelete = useConfirmDelete();
  const paths = useMemo<MapPath[]>(
    () =>
      items
        .filter((r) => !editing || r.id !== editing.record?.id)
        .map((r) => ({ id: r.id, points: r.stops.map((s) => [s.lon, s.lat] as const), colour: routeColour(r.id), label: r.name })),
    [items, editing],
  );
  const draft = useMemo(() => (editing ? stops.map((s) => [s.lon, s.lat] as const) : null), [editing, stops]);
  const at = usePathLayer(map, paths, selectedId, draft, 'routes', true);
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const key = JSON.stringify(filters);
    if (!page.data || page.isPlaceholderData || fitted.current === key) return;
    fitted.current = key;
    fitPaths(map, paths);
  }, [map, page.data, page.isPlaceholderData, paths, filters]);
  useMapClicks(({ pixel }) => {
    if (editing) return;
    const hit = at(pixel);
    if (hit !== null) setSelectedId(hit);
  });
  const openEditor = editor.open;
  const edit = useCallback(
    (route: Route | null) => {
      setStops(stopsOf(route));
      openEditor(route);
    },
    [openEditor],
  );
  const askDelete = useCallback((r: Route) => confirmDelete(r.name, () => remove.mutateAsync(r.id)), [confirmDelete, remove]);

  const columns = useMemo<FitColumn<Route>[]>(
    () => [
      { title: t('route.fields.name'), dataIndex: 'name', ellipsis: true },
      { title: t('route.fields.days'), dataIndex: 'days', width: 64, render: (d: number) => t('route.days', { count: d }) },
      { title: t('route.fields.stops'), key: 'stops', width: 72, render: (_, r) => t('route.stopsCount', { count: r.stops.length }) },
      { title: t('route.fields.totalKm'), dataIndex: 'totalKm', width: 96, align: 'right', render: (km: number) => km.toFixed(2) },
      rowActionsColumn(
        t('common.actions'),
        editDeleteActions<Route>(t, (r) => r.name, edit, askDelete),
        72,
      ),
    ],
    [t, edit, askDelete],
  );

  return (
    <ListPageView
      id="route-page"
      titleKey="travelRoutes"
      className="tr-page"
      data={{ 'data-selected': selectedId ?? '', 'data-total': page.data?.total ?? '' }}
      list={list}
      actions={[
        { id: 'route-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
      ]}
      table={{
        id: 'route-table',
        columns,
        expandable: {
          expandedRowRender: (r) => (
            <div id={`route-detail-${r.id}`}>
              <ol className="tr-stops">
                {r.stops.map((s, k) => (
                  <li key={`${s.type}:${s.id}`} className="tr-stop" style={{ cursor: 'default' }}>
                    <span className="tr-stop-number" style={{ background: routeColour(r.id) }}>
                      {k + 1}
                    </span>
                    <Tag>{t(`route.stopTypes.${s.type}`)}</Tag>
                    <span className="tr-stop-name">{s.name}</span>
                    <Typography.Text type="secondary" className="tr-stop-leg">
                      {k > 0 ? t('route.leg', { length: s.legKm.toFixed(1) }) : ''}
                    </Typography.Text>
                  </li>
                ))}
              </ol>
              {r.description ? <p className="tr-text">{r.description}</p> : null}
            </div>
          ),
          expandedRowKeys: selectedId !== null ? [selectedId] : [],
          showExpandColumn: false,
        },
        rowClassName: (r) => (r.id === selectedId ? 'tr-row-selected' : ''),
        onRow: (r) => ({
          onClick: () => {
            setSelectedId((id) => (id === r.id ? null : r.id));
            fitPaths(map, [{ points: r.stops.map((s) => [s.lon, s.lat] as const) }]);
          },
        }),
      }}
    >
      {editing ? (
        <RouteFormModal
          route={editing.record}
          stops={stops}
          onStopsChange={setStops}
          onSaved={(saved) => {
            editor.close();
            setSelectedId(saved.id);
          }}
          onClose={editor.close}
        />
      ) : null}
    </ListPageView>
  );
}
