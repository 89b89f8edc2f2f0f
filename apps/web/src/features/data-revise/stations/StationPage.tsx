import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Station } from '@agromet/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { pageOfIndex } from '../../../lib/list-query';
import { logUnlessShown } from '../../../lib/shown-failure';
import { exportStations, useDeleteStation, useStationPage, useStationsOnMap } from '../api/stations';
import { formatLatLon, formatNumber } from '../common/format';
import { PANEL_PAGE_SIZE } from '../common/RevisePage';
import { selectableRow } from '../common/selectable-row';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { NS } from '../i18n';
import { StationDetails } from './StationDetails';
import { StationFormModal, type PickedPosition } from './StationFormModal';
import { StationImportModal } from './StationImportModal';
import { pickedPosition, regionOf } from './station-values';
import { useRevealStation } from './use-reveal-station';
import { useStationLayer } from './use-station-layer';
import { useFeedback } from '../../../lib/feedback';
import type { Paging } from '../../../lib/list-query';
import '../common/data-revise.css';

type StationFilters = { keyword?: string };
const useStationRows = (filters: StationFilters, paging: Paging) => useStationPage(filters.keyword ?? '', paging);

/**
 * /data-revise/point-manage: the customer's stations as a table with search and paging and as labelled points on
 * the map. A click on a station (row or map point) selects it; create and edit in a dialog that takes the position
 * from a map click; delete, CSV export and all-or-nothing CSV import.
 */
export function StationPage() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
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
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const editor = useEditor<Station>();
  const editing = editor.editing;
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedPosition | null>(null);
  const [draft, setDraft] = useState<PickedPosition | null>(null);
  const remove = useDeleteStation();
  const confirmDelete = useConfirmDelete();

  const selected = useMemo(
    () => mapStations.find((s) => s.id === selectedId) ?? tablePage.data?.list.find((s) => s.id === selectedId) ?? null,
    [mapStations, tablePage.data, selectedId],
  );
  const stationAt = useStationLayer(map, mapStations, selectedId, editing && picking ? draft : null);
  const reveal = useRevealStation(map);

  // Selecting on the map (or saving) turns the table to the page that lists the station, once it is in the list.
  const [turnToSelected, setTurnToSelected] = useState(false);
  const select = useCallback((id: number) => {
    setSelectedId(id);
    setTurnToSelected(true);
  }, []);
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

  useMapClicks(({ lon, lat, pixel }) => {
    if (editing) {
      if (!picking) return;
      setPicked(pickedPosition([lon, lat]));
      return;
    }
    const id = stationAt(pixel);
    if (id !== null) select(id);
  });

  // A selection that left the list (deleted, filtered out) is dropped.
  useEffect(() => {
    if (selectedId !== null && onMap.data && !onMap.isPlaceholderData && !mapStations.some((s) => s.id === selectedId)) setSelectedId(null);
  }, [selectedId, onMap.data, onMap.isPlaceholderData, mapStations]);

  const openEditor = editor.open;
  const edit = useCallback(
    (record: Station | null) => {
      setPicked(null);
      setDraft(null);
      setPicking(record === null);
      openEditor(record);
    },
    [openEditor],
  );

  const askDelete = useCallback(
    (row: Station) => confirmDelete(`${row.name}（${row.stationNumber}）`, () => remove.mutateAsync(row.id)),
    [confirmDelete, remove],
  );

  const runExport = async () => {
    setExporting(true);
    try {
      void message.success(t('station.exported', { file: await exportStations() }));
    } catch (error) {
      // A failed call is shown by the request client.
      logUnlessShown(error, 'station export');
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<FitColumn<Station>[]>(
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

  return (
    <ListPageView
      id="station-page"
      titleKey="pointManage"
      className="dr-page"
      data={{ 'data-map-stations': mapStations.length, 'data-selected': selectedId ?? '' }}
      list={list}
      actions={[
        { id: 'station-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
        {
          id: 'station-export',
          label: t('station.export'),
          icon: <DownloadOutlined aria-hidden />,
          loading: exporting,
          onClick: () => void runExport(),
        },
        { id: 'station-import', label: t('station.import'), icon: <UploadOutlined aria-hidden />, onClick: () => setImporting(true) },
      ]}
      above={<div className="dr-hint">{t('station.mapHint')}</div>}
      table={{
        id: 'station-table',
        columns,
        rowClassName: (row) => (row.id === selectedId ? 'dr-row-selected' : ''),
        onRow: (row) => {
          const choose = () => {
            setSelectedId(row.id);
            reveal(row);
          };
          return { onClick: choose, ...selectableRow(row.id === selectedId, choose) };
        },
      }}
    >
      {selected ? (
        <StationDetails
          station={selected}
          onEdit={() => edit(selected)}
          onDelete={() => askDelete(selected)}
          onClose={() => setSelectedId(null)}
        />
      ) : null}
      {editing ? (
        <StationFormModal
          record={editing.record}
          picking={picking}
          onPickingChange={setPicking}
          picked={picked}
          onPositionChange={setDraft}
          onSaved={(saved) => {
            editor.close();
            select(saved.id);
          }}
          onClose={editor.close}
        />
      ) : null}
      {importing ? <StationImportModal onClose={() => setImporting(false)} /> : null}
    </ListPageView>
  );
}
