import { PlusOutlined } from '@ant-design/icons';
import type { Route } from '@agromet/contracts';
import { Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { useFitOnFilters, useMapList } from '../../../components/record-map/use-map-list';
import { useDeleteRoute, useRoutePage, type RouteFilters } from '../api/greenways-routes';
import { fitPaths, usePathLayer, type MapPath } from '../common/use-path-layer';
import { NS } from '../i18n';
import '../../../components/ordered-list/ordered-list.css';
import '../travel.css';
import { RouteFormModal } from './RouteFormModal';
import { routeColour, stopsOf, type DraftStop } from './route-rules';

const ignore = () => undefined;

/** The routes table's columns: name, days, stops, distance, and edit/delete. */
function useRouteColumns(edit: (r: Route) => void, askDelete: (r: Route) => void): FitColumn<Route>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<Route>[]>(
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
}

/** A selected route, open under its row: its stops numbered in their colour with each leg's length, description. */
function RouteDetails({ route: r }: { route: Route }) {
  const { t } = useTranslation(NS);
  return (
    <div id={`route-detail-${r.id}`}>
      <ol className="tr-stops">
        {r.stops.map((s, k) => (
          <li key={`${s.type}:${s.id}`} className="ordered-item">
            <span className="tr-stop-number" style={{ background: routeColour(r.id) }}>
              {k + 1}
            </span>
            <Tag>{t(`route.stopTypes.${s.type}`)}</Tag>
            <span className="ordered-item-name">{s.name}</span>
            <Typography.Text type="secondary" className="tr-stop-leg">
              {k > 0 ? t('route.leg', { length: s.legKm.toFixed(1) }) : ''}
            </Typography.Text>
          </li>
        ))}
      </ol>
      {r.description ? <p className="tr-text">{r.description}</p> : null}
    </div>
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
  const { rows: page } = list;
  const items = useMemo(() => page.data?.list ?? [], [page.data]);
  const selection = useMapList<Route>({
    reveal: (r) => fitPaths(map, [{ points: r.stops.map((s) => [s.lon, s.lat] as const) }]),
    details: (r) => <RouteDetails route={r} />,
  });
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
  const at = usePathLayer(map, paths, selection.selectedId, draft, 'routes', true);
  useFitOnFilters(page, list.filters, () => fitPaths(map, paths));
  useMapClicks(selection.onMapClick(at, editing ? ignore : null));
  const openEditor = editor.open;
  const edit = useCallback(
    (route: Route | null) => {
      setStops(stopsOf(route));
      openEditor(route);
    },
    [openEditor],
  );
  const askDelete = useCallback((r: Route) => confirmDelete(r.name, () => remove.mutateAsync(r.id)), [confirmDelete, remove]);
  const columns = useRouteColumns(edit, askDelete);

  return (
    <ListPageView
      id="route-page"
      titleKey="travelRoutes"
      className="map-panel-page tr-page"
      data={{ 'data-selected': selection.selectedId ?? '', 'data-total': page.data?.total ?? '' }}
      list={list}
      actions={[
        { id: 'route-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
      ]}
      table={{ id: 'route-table', columns, ...selection.table }}
    >
      {editing ? (
        <RouteFormModal
          route={editing.record}
          stops={stops}
          onStopsChange={setStops}
          onSaved={selection.savedWith(editor.close)}
          onClose={editor.close}
        />
      ) : null}
    </ListPageView>
  );
}
