import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Station } from '@agromet/contracts';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch, ToolbarSpacer } from '../../../components/admin-list/ListToolbar';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useKeyword, usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { useConsoleMap } from '../../../components/map/map-context';
import { pageOfIndex } from '../../../lib/list-query';
import { logUnlessShown } from '../../../lib/shown-failure';
import { exportStations, useDeleteStation, useStationPage, useStationsOnMap } from '../api/stations';
import { formatLatLon, formatNumber } from '../common/format';
import { PANEL_PAGE_SIZE, RevisePage } from '../common/RevisePage';
import { selectableRow } from '../common/selectable-row';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { NS } from '../i18n';
import { StationDetails } from './StationDetails';
import { StationFormModal, type PickedPosition } from './StationFormModal';
import { StationImportModal } from './StationImportModal';
import { pickedPosition, regionOf } from './station-values';
import { useRevealStation } from './use-reveal-station';
import { useStationLayer } from './use-station-layer';
import { RowAction } from '../../../components/admin-list/table-columns';
import { useFeedback } from '../../../lib/feedback';

/**
 * /data-revise/point-manage: the customer's stations as a table with search and paging and as labelled points on
 * the map. A click on a station (row or map point) selects it; create and edit in a dialog that takes the position
 * from a map click; delete, CSV export and all-or-nothing CSV import.
 */
export function StationPage() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const map = useConsoleMap();
  const { paging, setPaging, toFirstPage } = usePaging(PANEL_PAGE_SIZE);
  const [keyword, search] = useKeyword(toFirstPage);
  const tablePage = useStationPage(keyword, paging);
  const tableProps = usePagedTableProps(tablePage, paging, setPaging);
  const onMap = useStationsOnMap(keyword);
  const mapStations = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editor, setEditor] = useState<{ record: Station | null } | null>(null);
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
  const stationAt = useStationLayer(map, mapStations, selectedId, editor && picking ? draft : null);
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
    if (editor) {
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

  const openEditor = (record: Station | null) => {
    setPicked(null);
    setDraft(null);
    setPicking(record === null);
    setEditor({ record });
  };

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

  const columns = useMemo<TableColumnsType<Station>>(
    () => [
      { title: t('station.fields.stationNumber'), dataIndex: 'stationNumber', width: 90 },
      { title: t('station.fields.name'), dataIndex: 'name', ellipsis: true },
      { title: t('station.region'), key: 'region', ellipsis: true, render: (_, s) => regionOf(s) },
      { title: t('station.position'), key: 'position', render: (_, s) => formatLatLon(s.latitude, s.longitude) },
      { title: t('station.fields.altitude'), dataIndex: 'altitude', align: 'right', render: (v: number) => formatNumber(v, 1) },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        render: (_, row) => (
          <Space size={0} onClick={(e) => e.stopPropagation()}>
            <RowAction
              size="small"
              icon={<EditOutlined aria-hidden />}
              label={`${t('common.edit')} ${row.name}`}
              tip={t('common.edit')}
              onClick={() => openEditor(row)}
            />
            <RowAction
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              label={`${t('common.delete')} ${row.name}`}
              tip={t('common.delete')}
              onClick={() => askDelete(row)}
            />
          </Space>
        ),
      },
    ],
    [t, askDelete],
  );

  return (
    <RevisePage
      id="station-page"
      titleKey="pointManage"
      data={{ 'data-map-stations': mapStations.length, 'data-selected': selectedId ?? '' }}
      toolbar={
        <>
          <KeywordSearch id="station-search" placeholder={t('station.searchPlaceholder')} width={280} onSearch={search} />
          <ToolbarSpacer />
          <Button id="station-create" type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openEditor(null)}>
            {t('common.create')}
          </Button>
          <Button id="station-export" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void runExport()}>
            {t('station.export')}
          </Button>
          <Button id="station-import" icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
            {t('station.import')}
          </Button>
        </>
      }
    >
      <div className="dr-hint">{t('station.mapHint')}</div>
      <Table<Station>
        id="station-table"
        size="small"
        columns={columns}
        {...tableProps}
        rowClassName={(row) => (row.id === selectedId ? 'dr-row-selected' : '')}
        onRow={(row) => {
          const choose = () => {
            setSelectedId(row.id);
            reveal(row);
          };
          return { onClick: choose, ...selectableRow(row.id === selectedId, choose) };
        }}
      />
      {selected ? (
        <StationDetails
          station={selected}
          onEdit={() => openEditor(selected)}
          onDelete={() => askDelete(selected)}
          onClose={() => setSelectedId(null)}
        />
      ) : null}
      {editor ? (
        <StationFormModal
          record={editor.record}
          picking={picking}
          onPickingChange={setPicking}
          picked={picked}
          onPositionChange={setDraft}
          onSaved={(saved) => {
            setEditor(null);
            select(saved.id);
          }}
          onClose={() => setEditor(null)}
        />
      ) : null}
      {importing ? <StationImportModal onClose={() => setImporting(false)} /> : null}
    </RevisePage>
  );
}
