import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Sandstorm } from '@agromet/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useExportAction } from '../../../components/admin-list/use-export-action';
import { useListPage } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { recordById } from '../../../components/record-map/map-list-rules';
import { recordIdOf } from '../../../components/record-map/record-map-rules';
import { useFitOnFilters, useMapList } from '../../../components/record-map/use-map-list';
import { usePickingEditor } from '../../../components/record-map/use-picking-editor';
import { fitRecords, revealRecord, useRecordLayer } from '../../../components/record-map/use-record-layer';
import {
  exportSandstorms,
  useDeleteSandstorm,
  useSandstormPage,
  useSandstormStatistics,
  useSandstormsOnMap,
  type RecordFilters,
} from '../api/sandstorms';
import { NS } from '../i18n';
import { LEVEL_COLOURS, levelRank } from '../levels';
import '../disaster.css';
import { SandstormFormModal, type PickedPosition } from './SandstormFormModal';
import { SandstormImportModal } from './SandstormImportModal';
import {
  SandstormDetails,
  SandstormLegend,
  SandstormTabs,
  useOpenedRange,
  useSandstormColumns,
  useSandstormFields,
  type SandstormTab,
} from './SandstormParts';
import { formatTime } from './sandstorm-form';

const PAGE_SIZE = 10;
const LOOK = {
  colour: (r: Sandstorm) => LEVEL_COLOURS[r.level],
  rank: (r: Sandstorm) => levelRank(r.level),
  label: (r: Sandstorm) => r.location,
};
const position = (lon: number, lat: number): PickedPosition => ({ lon, lat });

/**
 * /disaster/manage: the customer's sandstorm records as a table (filters: region, dates, level, keyword) and as points
 * on the map coloured by grade, gathered into counted circles where they crowd; create and edit with the position
 * picked on the map; delete; Excel export of the filtered records and all-or-nothing import; statistics as charts.
 */
export function SandstormPage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  useHideForecast(true);
  const filterFields = useSandstormFields();
  const list = useListPage<Sandstorm, RecordFilters, ReturnType<typeof useSandstormPage>>({
    filters: filterFields.fields,
    pageSize: PAGE_SIZE,
    useRows: useSandstormPage,
  });
  const { filters, rows: tablePage } = list;
  useOpenedRange(filters, filterFields);
  const [tab, setTab] = useState<SandstormTab>('records');
  const onMap = useSandstormsOnMap(filters);
  const mapRecords = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const statistics = useSandstormStatistics(filters, tab === 'statistics');
  const selection = useMapList<Sandstorm>({
    reveal: (r) => revealRecord(map, r),
    details: (r) => <SandstormDetails record={r} />,
  });
  const { selectedId, setSelectedId } = selection;
  const editor = usePickingEditor<Sandstorm, PickedPosition>(position);
  const [importing, setImporting] = useState(false);
  const exportAction = useExportAction({
    id: 'sandstorm-export',
    label: t('page.export'),
    run: () => exportSandstorms(filters),
    saved: (file) => t('page.exported', { file }),
    where: 'sandstorm export',
  });
  const remove = useDeleteSandstorm();
  const confirmDelete = useConfirmDelete();
  const recordAt = useRecordLayer(map, mapRecords, LOOK, selectedId, editor.draft, 'sandstorms');
  // The map shows the filtered records whenever the filters change (and on first load).
  useFitOnFilters(onMap, filters, () => fitRecords(map, mapRecords));
  useMapClicks(selection.onMapClick((pixel) => recordIdOf(recordAt(pixel)), editor.onMapClick));
  const selected = recordById(selectedId, mapRecords, tablePage.data?.list);
  const askDelete = useCallback(
    (row: Sandstorm) =>
      confirmDelete(`${row.location}（${formatTime(row.time)}）`, async () => {
        await remove.mutateAsync(row.id);
        setSelectedId((id) => (id === row.id ? null : id));
      }),
    [confirmDelete, remove, setSelectedId],
  );
  const columns = useSandstormColumns(editor.edit, askDelete);

  return (
    <ListPageView
      id="sandstorm-page"
      titleKey="disasterManage"
      className="map-panel-page ds-page"
      data={{ 'data-map-records': mapRecords.length, 'data-selected': selectedId ?? '', 'data-total': tablePage.data?.total ?? '' }}
      list={list}
      actions={[
        {
          id: 'sandstorm-create',
          label: t('common.create'),
          icon: <PlusOutlined aria-hidden />,
          primary: true,
          onClick: () => editor.edit(null),
        },
        { id: 'sandstorm-import', label: t('page.import'), icon: <UploadOutlined aria-hidden />, onClick: () => setImporting(true) },
        exportAction,
      ]}
      above={<SandstormLegend records={mapRecords} />}
      table={{ id: 'sandstorm-table', columns, fitted: true, locale: { emptyText: t('page.empty') }, ...selection.table }}
      frame={(table) => (
        <SandstormTabs
          tab={tab}
          onTab={setTab}
          table={table}
          outside={selected && !tablePage.data?.list.some((r) => r.id === selected.id) ? selected : null}
          statistics={statistics}
        />
      )}
    >
      {editor.editing ? (
        <SandstormFormModal
          record={editor.editing.record}
          picker={editor.picker}
          onSaved={selection.savedWith(editor.close)}
          onClose={editor.close}
        />
      ) : null}
      {importing ? <SandstormImportModal onClose={() => setImporting(false)} /> : null}
    </ListPageView>
  );
}
