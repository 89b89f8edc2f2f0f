import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Station } from '@agromet/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useExportAction } from '../../../components/admin-list/use-export-action';
import { useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { recordById } from '../../../components/record-map/map-list-rules';
import { useMapList } from '../../../components/record-map/use-map-list';
import { usePickingEditor } from '../../../components/record-map/use-picking-editor';
import { pageOfIndex, type Paging } from '../../../lib/list-query';
import { exportStations, useDeleteStation, useStationPage, useStationsOnMap } from '../api/stations';
import { formatLatLon, formatNumber } from '../common/format';
import { PANEL_PAGE_SIZE } from '../common/RevisePage';
import { selectableRow } from '../common/selectable-row';
import { NS } from '../i18n';
import { StationDetails } from './StationDetails';
import { StationFormModal, type PickedPosition } from './StationFormModal';
import { StationImportModal } from './StationImportModal';
import { pickedPosition, regionOf } from './station-values';
import { useRevealStation } from './use-reveal-station';
import { useStationLayer } from './use-station-layer';
import '../common/data-revise.css';

type StationFilters = { keyword?: string };
const useStationRows = (filters: StationFilters, paging: Paging) => useStationPage(filters.keyword ?? '', paging);
const position = (lon: number, lat: number): PickedPosition => pickedPosition([lon, lat]);

/** The stations table's columns: number, name, region, position, altitude, and edit/delete. */
function useStationColumns(edit: (s: Station) => void, askDelete: (s: Station) => void): FitColumn<Station>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<Station>[]>(
    () => [
      { title: t('station.fields.stationNumber'), dataIndex: 'stationNumber', width: 90 },
      { title: t('station.fields.name'), dataIndex: 'name', ellipsis: true },
      { title: t('station.region'), key: 'region', ellipsis: true, render: (_, s) => regionOf(s) },
      { title: t('station.position'), key: 'position', render: (_, s) => formatLatLon(s.latitude, s.longitude) },
      { title: t('station.fields.altitude'), dataIndex: 'altitude', align: 'right', render: (v: number) => formatNumber(v, 1) },
      rowActionsColumn(
        t('common.actions'),
        editDeleteActions<Station>(t, (s) => s.name, edit, askDelete),
        72,
      ),
    ],
    [t, edit, askDelete],
  );
}

/**
 * /data-revise/point-manage: the customer's stations as a table with search and paging and as labelled points on
 * the map. A click on a station (row or map point) selects it; create and edit in a dialog that takes the position
 * from a map click; delete, CSV export and all-or-nothing CSV import.
 */
export function StationPage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  const fields = useMemo<FilterField<StationFilters>[]>(
    () => [{ kind: 'keyword', key: 'keyword', id: 'station-search', placeholder: t('station.searchPlaceholder'), width: 280 }],
    [t],
  );
  const list = useListPage<Station, StationFilters, ReturnType<typeof useStationRows>>({
    filters: fields,
    pageSize: PANEL_PAGE_SIZE,
    useRows: useStationRows,
  });
  const { rows: tablePage, setPaging } = list;
  const onMap = useStationsOnMap(list.filters.keyword ?? '');
  const mapStations = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const reveal = useRevealStation(map);
  const selection = useMapList<Station>({ reveal, keep: true, rowProps: selectableRow });
  const { selectedId, setSelectedId } = selection;
  const editor = usePickingEditor<Station, PickedPosition>(position);
  const [importing, setImporting] = useState(false);
  const exportAction = useExportAction({
    id: 'station-export',
    label: t('station.export'),
    run: exportStations,
    saved: (file) => t('station.exported', { file }),
    where: 'station export',
  });
  const remove = useDeleteStation();
  const confirmDelete = useConfirmDelete();
  const selected = recordById(selectedId, mapStations, tablePage.data?.list);
  const stationAt = useStationLayer(map, mapStations, selectedId, editor.draft);

  // Selecting on the map (or saving) turns the table to the page that lists the station, once it is in the list.
  const [turnToSelected, setTurnToSelected] = useState(false);
  const select = useCallback(
    (id: number) => {
      setSelectedId(id);
      setTurnToSelected(true);
    },
    [setSelectedId],
  );
  useEffect(() => {
    if (!turnToSelected || selectedId === null) return;
    const index = mapStations.findIndex((s) => s.id === selectedId);
    if (index < 0) return;
    setTurnToSelected(false);
    setPaging((p) => {
      const page = pageOfIndex(index, p.size);
      return p.page === page ? p : { ...p, page };
    });
  }, [turnToSelected, selectedId, mapStations, setPaging]);
  useMapClicks(selection.onMapClick(stationAt, editor.onMapClick, select));

  // A selection that left the list (deleted, filtered out) is dropped.
  useEffect(() => {
    if (selectedId !== null && onMap.data && !onMap.isPlaceholderData && !mapStations.some((s) => s.id === selectedId)) setSelectedId(null);
  }, [selectedId, onMap.data, onMap.isPlaceholderData, mapStations, setSelectedId]);

  const askDelete = useCallback(
    (row: Station) => confirmDelete(`${row.name}（${row.stationNumber}）`, () => remove.mutateAsync(row.id)),
    [confirmDelete, remove],
  );
  const columns = useStationColumns(editor.edit, askDelete);

  return (
    <ListPageView
      id="station-page"
      titleKey="pointManage"
      className="map-panel-page dr-page"
      data={{ 'data-map-stations': mapStations.length, 'data-selected': selectedId ?? '' }}
      list={list}
      actions={[
        {
          id: 'station-create',
          label: t('common.create'),
          icon: <PlusOutlined aria-hidden />,
          primary: true,
          onClick: () => editor.edit(null),
        },
        exportAction,
        { id: 'station-import', label: t('station.import'), icon: <UploadOutlined aria-hidden />, onClick: () => setImporting(true) },
      ]}
      above={<div className="list-hint">{t('station.mapHint')}</div>}
      table={{ id: 'station-table', columns, ...selection.table }}
    >
      {selected ? (
        <StationDetails
          station={selected}
          onEdit={() => editor.edit(selected)}
          onDelete={() => askDelete(selected)}
          onClose={() => setSelectedId(null)}
        />
      ) : null}
      {editor.editing ? (
        <StationFormModal
          record={editor.editing.record}
          picker={editor.picker}
          onSaved={selection.savedWith(editor.close, select)}
          onClose={editor.close}
        />
      ) : null}
      {importing ? <StationImportModal onClose={() => setImporting(false)} /> : null}
    </ListPageView>
  );
}
