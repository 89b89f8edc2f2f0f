import type { RevisionRecord } from '@agromet/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapStore } from '../../../components/map/map-store';
import { useFeedback } from '../../../lib/feedback';
import { useRecordDetail, useRecordPage, useRecoverRecord } from '../api/records';
import { reportFailure } from '../common/report-failure';
import { PANEL_PAGE_SIZE } from '../common/RevisePage';
import { selectableRow } from '../common/selectable-row';
import { NS } from '../i18n';
import '../../../components/record-map/record-map.css';
import '../common/data-revise.css';
import { useRecordColumns } from './RecordColumns';
import { RecordDetailCard } from './RecordDetailCard';
import { blockingRecordsOf, type BlockingRecord, type RecordListFilters } from './record-filters';
import { RecordFilters } from './RecordFilters';
import { selectionOfRecord, showsGridOf } from './record-summary';
import { useRecordAreaLayer } from './use-record-area-layer';
import { useGridName } from './use-summary-text';

/** The record list's filters: one form that sets them all on Search (record-filters.ts), kept in the address. */
const FILTERS: FilterField<RecordListFilters>[] = [
  {
    kind: 'custom',
    key: 'type',
    also: ['factor', 'user', 'kind', 'baseTime', 'lead', 'from', 'to'],
    render: (_value, _onChange, filter, filters) => <RecordFilters filters={filters} filter={filter} />,
  },
];

/**
 * Recover, asked first: a refusal because later revisions of the same cells stand keeps their list for the record
 * (`blocked`), any other failure is reported.
 */
function useRecovery() {
  const { t } = useTranslation(NS);
  const { modal, message } = useFeedback();
  const recover = useRecoverRecord();
  const gridName = useGridName();
  const [blocked, setBlocked] = useState<{ id: number; blocking: BlockingRecord[] } | null>(null);
  const confirmRecover = (rec: RevisionRecord) => {
    modal.confirm({
      title: t('record.recoverTitle', { id: rec.id }),
      content: t('record.recoverContent', { cells: rec.cellsChanged, grid: gridName(rec) }),
      okText: t('record.recover'),
      okType: 'danger',
      okButtonProps: { id: 'confirm-recover' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await recover.mutateAsync(rec);
          setBlocked(null);
          void message.success(t('record.recovered', { id: rec.id, cells: result.cellsChanged, recordId: result.recordId }));
        } catch (error) {
          const blocking = blockingRecordsOf(error);
          if (blocking) setBlocked({ id: rec.id, blocking });
          else reportFailure(error);
        }
      },
    });
  };
  return { blocked, setBlocked, recovering: recover.isPending, confirmRecover };
}

/** The map shows the selected record's grid, so the change (or its recovery) is visible; once per selection. */
function useShowRecordGrid(shown: RevisionRecord | null) {
  const gridShownFor = useRef<number | null>(null);
  useEffect(() => {
    if (!shown || gridShownFor.current === shown.id) return;
    gridShownFor.current = shown.id;
    const { selection, setSelection } = useMapStore.getState();
    if (!showsGridOf(selection, shown)) setSelection(selectionOfRecord(shown));
  }, [shown]);
}

/**
 * /data-revise/operation-log: the revision records with filters (kept in the address) and paging. A selected record
 * shows its changed area on the map (and its grid as the map's product) with its details; Recover restores the cells
 * it changed, unless later revisions of the same cells must be recovered first.
 */
export function RecordPage() {
  const { t } = useTranslation(NS);
  const map = useConsoleMap();
  const list = useListPage<RevisionRecord, RecordListFilters, ReturnType<typeof useRecordPage>>({
    filters: FILTERS,
    pageSize: PANEL_PAGE_SIZE,
    useRows: useRecordPage,
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detail = useRecordDetail(selectedId);
  const { blocked, setBlocked, recovering, confirmRecover } = useRecovery();
  // The fresh details when they have come (after a recovery the state changes), else the list row.
  const shown: RevisionRecord | null = detail.data ?? list.rows.data?.list.find((r) => r.id === selectedId) ?? null;
  const areaPolygons = useRecordAreaLayer(map, selectedId, detail.data?.area);
  useShowRecordGrid(shown);
  const columns = useRecordColumns();

  const select = (id: number | null) => {
    setSelectedId(id);
    if (blocked?.id !== id) setBlocked(null);
  };

  return (
    <ListPageView
      id="record-page"
      titleKey="operationLog"
      className="map-panel-page dr-page"
      data={{ 'data-selected': selectedId ?? '' }}
      list={list}
      table={{
        id: 'record-table',
        // Laid out by the columns' widths (an ellipsis column squeezed to "Co…"): wider than the panel, it scrolls.
        fitted: true,
        columns,
        rowClassName: (rec) => (rec.id === selectedId ? 'record-row-selected' : ''),
        onRow: (rec) => ({ onClick: () => select(rec.id), ...selectableRow(rec.id === selectedId, () => select(rec.id)) }),
      }}
    >
      {shown ? (
        <RecordDetailCard
          record={shown}
          detail={detail.data}
          areaPolygons={areaPolygons}
          blocking={blocked?.id === shown.id ? blocked.blocking : null}
          recovering={recovering}
          onRecover={() => confirmRecover(shown)}
          onSelect={select}
          onClose={() => select(null)}
        />
      ) : (
        <div className="list-hint dr-detail">{t('record.detailHint')}</div>
      )}
    </ListPageView>
  );
}
