import { PlusOutlined } from '@ant-design/icons';
import { GREENWAY_DIFFICULTIES, GREENWAY_POINTS, type GreenwayDifficulty } from '@agromet/contracts/web';
import type { Greenway } from '@agromet/contracts';
import { Descriptions, Tag } from 'antd';
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
import { RecordLegend } from '../../../components/record-map/RecordLegend';
import { useFitOnFilters, useMapList } from '../../../components/record-map/use-map-list';
import { regionFilter } from '../../../components/region-cascader/region-filter';
import { useDeleteGreenway, useGreenwayPage, useGreenwaysOnMap, type GreenwayFilters } from '../api/greenways-routes';
import { fitPaths, usePathLayer, type MapPath } from '../common/use-path-layer';
import { NS } from '../i18n';
import '../travel.css';
import { GreenwayFormModal } from './GreenwayFormModal';
import { DIFFICULTY_COLOURS, vertexOf, type LonLat } from './greenway-rules';

/** The greenways table's columns: name, difficulty, surface, length, and edit/delete. */
function useGreenwayColumns(edit: (g: Greenway) => void, askDelete: (g: Greenway) => void): FitColumn<Greenway>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<Greenway>[]>(
    () => [
      { title: t('greenway.fields.name'), dataIndex: 'name', ellipsis: true },
      {
        title: t('greenway.fields.difficulty'),
        dataIndex: 'difficulty',
        width: 84,
        render: (d: GreenwayDifficulty) => <Tag color={DIFFICULTY_COLOURS[d]}>{t(`greenway.difficulties.${d}`)}</Tag>,
      },
      { title: t('greenway.fields.surface'), dataIndex: 'surface', width: 72, render: (s: string) => t(`greenway.surfaces.${s}`) },
      { title: t('greenway.fields.lengthKm'), dataIndex: 'lengthKm', width: 96, align: 'right', render: (km: number) => km.toFixed(2) },
      rowActionsColumn(
        t('common.actions'),
        editDeleteActions<Greenway>(t, (g) => g.name, edit, askDelete),
        72,
      ),
    ],
    [t, edit, askDelete],
  );
}

/** A selected greenway, open under its row: region, length, start and end, description. */
function GreenwayDetails({ greenway: g }: { greenway: Greenway }) {
  const { t } = useTranslation(NS);
  return (
    <Descriptions size="small" column={2} id={`greenway-detail-${g.id}`}>
      <Descriptions.Item label={t('greenway.fields.regionCode')}>{g.regionName}</Descriptions.Item>
      <Descriptions.Item label={t('greenway.fields.lengthKm')}>{t('greenway.km', { length: g.lengthKm.toFixed(2) })}</Descriptions.Item>
      <Descriptions.Item label={t('greenway.fields.start')}>{g.start}</Descriptions.Item>
      <Descriptions.Item label={t('greenway.fields.end')}>{g.end}</Descriptions.Item>
      {g.description ? (
        <Descriptions.Item label={t('greenway.fields.description')} span={2}>
          <p className="tr-text">{g.description}</p>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/**
 * /travel-manage/travel-greenWay: greenways as a table (name, difficulty, surface, length) and as lines on the map
 * coloured by difficulty; the course drawn on the map point by point, its length computed as it grows.
 */
export function GreenwayPage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  useHideForecast(true);
  const fields = useMemo<FilterField<GreenwayFilters>[]>(
    () => [
      { kind: 'keyword', key: 'keyword', id: 'greenway-search', placeholder: t('greenway.searchPlaceholder'), width: 200 },
      {
        kind: 'select',
        key: 'difficulty',
        id: 'greenway-filter-difficulty',
        label: t('greenway.fields.difficulty'),
        width: 120,
        options: GREENWAY_DIFFICULTIES.map((d) => ({ value: d, label: t(`greenway.difficulties.${d}`) })),
      },
      regionFilter('code', 'greenway-filter-region', t('greenway.region'), 200),
    ],
    [t],
  );
  const list = useListPage<Greenway, GreenwayFilters, ReturnType<typeof useGreenwayPage>>({
    filters: fields,
    pageSize: 10,
    useRows: useGreenwayPage,
  });
  const onMap = useGreenwaysOnMap(list.filters);
  const items = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const selection = useMapList<Greenway>({
    reveal: (g) => fitPaths(map, [{ points: g.line }]),
    details: (g) => <GreenwayDetails greenway={g} />,
  });
  const editor = useEditor<Greenway>();
  const editing = editor.editing;
  const [drawing, setDrawing] = useState(false);
  const [line, setLine] = useState<LonLat[]>([]);
  const remove = useDeleteGreenway();
  const confirmDelete = useConfirmDelete();
  const paths = useMemo<MapPath[]>(
    () =>
      items
        .filter((g) => !editing || g.id !== editing.record?.id)
        .map((g) => ({ id: g.id, points: g.line, colour: DIFFICULTY_COLOURS[g.difficulty], label: g.name })),
    [items, editing],
  );
  const at = usePathLayer(map, paths, selection.selectedId, editing ? line : null, 'greenways');
  useFitOnFilters(onMap, list.filters, () =>
    fitPaths(
      map,
      items.map((g) => ({ points: g.line })),
    ),
  );
  const addVertex = (lon: number, lat: number) => {
    if (drawing && line.length < GREENWAY_POINTS.max) setLine((l) => [...l, vertexOf(lon, lat)]);
  };
  useMapClicks(selection.onMapClick(at, editing ? addVertex : null));
  const openEditor = editor.open;
  const edit = useCallback(
    (greenway: Greenway | null) => {
      setLine(greenway ? greenway.line.map(([x, y]) => [x, y]) : []);
      setDrawing(greenway === null);
      openEditor(greenway);
    },
    [openEditor],
  );
  const askDelete = useCallback((g: Greenway) => confirmDelete(g.name, () => remove.mutateAsync(g.id)), [confirmDelete, remove]);
  const columns = useGreenwayColumns(edit, askDelete);

  return (
    <ListPageView
      id="greenway-page"
      titleKey="travelGreenWay"
      className="map-panel-page tr-page"
      data={{ 'data-map-records': items.length, 'data-selected': selection.selectedId ?? '' }}
      list={list}
      actions={[
        { id: 'greenway-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
      ]}
      above={
        <RecordLegend
          id="greenway-legend"
          title={t('greenway.legend')}
          items={GREENWAY_DIFFICULTIES.map((d) => ({ colour: DIFFICULTY_COLOURS[d], label: t(`greenway.difficulties.${d}`) }))}
        />
      }
      table={{ id: 'greenway-table', columns, ...selection.table }}
    >
      {editing ? (
        <GreenwayFormModal
          greenway={editing.record}
          drawing={drawing}
          onDrawingChange={setDrawing}
          line={line}
          onLineChange={setLine}
          onSaved={selection.savedWith(editor.close)}
          onClose={editor.close}
        />
      ) : null}
    </ListPageView>
  );
}
