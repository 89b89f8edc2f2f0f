import type { RevisionRecord } from '@agromet/contracts';
import { Table, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedTableProps, usePaging } from '../../../components/admin-list/use-paged-table';
import { timeColumn, type FitColumn } from '../../../components/admin-list/table-columns';
import { useFittedTable } from '../../../components/admin-list/use-fitted-table';
import { useConsoleMap } from '../../../components/map/map-context';
import { useMapStore } from '../../../components/map/map-store';
import { useRecordDetail, useRecordPage, useRecoverRecord } from '../api/records';
import { formatDateMinute, formatDateTime } from '../common/format';
import { reportFailure } from '../common/report-failure';
import { PANEL_PAGE_SIZE, RevisePage } from '../common/RevisePage';
import { selectableRow } from '../common/selectable-row';
import { NS } from '../i18n';
import { RecordDetailCard } from './RecordDetailCard';
import { blockingRecordsOf, type BlockingRecord, type RecordFilterValues } from './record-filters';
import { RecordFilters } from './RecordFilters';
import { selectionOfRecord, showsGridOf } from './record-summary';
import { useRecordAreaLayer } from './use-record-area-layer';
import { useGridName, useStateText, useSummaryText } from './use-summary-text';
import { useFeedback } from '../../../lib/feedback';

const KIND_COLOURS: Record<RevisionRecord['kind'], string> = { point: 'blue', polygon: 'purple', recovery: 'green', consistency: 'orange' };

/**
 * /data-revise/operation-log: the revision records with filters and paging. A selected record shows its changed
 * area on the map (and its grid as the map's product) with its details; Recover restores the cells it changed,
 * unless later revisions of the same cells must be recovered first.
 */
export function RecordPage() {
  const { t } = useTranslation(NS);
  const { modal, message } = useFeedback();
  const map = useConsoleMap();
  const [filters, setFilters] = useState<RecordFilterValues>({});
  const { paging, setPaging, toFirstPage } = usePaging(PANEL_PAGE_SIZE);
  const list = useRecordPage(filters, paging);
  const tableProps = usePagedTableProps(list, paging, setPaging);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detail = useRecordDetail(selectedId);
  const [blocked, setBlocked] = useState<{ id: number; blocking: BlockingRecord[] } | null>(null);
  const recover = useRecoverRecord();
  const summary = useSummaryText();
  const stateText = useStateText();
  const gridName = useGridName();
  // The fresh details when they have come (after a recovery the state changes), else the list row.
  const shown: RevisionRecord | null = detail.data ?? list.data?.list.find((r) => r.id === selectedId) ?? null;
  const areaPolygons = useRecordAreaLayer(map, selectedId, detail.data?.area);

  // The map shows the selected record's grid, so the change (or its recovery) is visible; once per selection.
  const gridShownFor = useRef<number | null>(null);
  useEffect(() => {
    if (!shown || gridShownFor.current === shown.id) return;
    gridShownFor.current = shown.id;
    const { selection, setSelection } = useMapStore.getState();
    if (!showsGridOf(selection, shown)) setSelection(selectionOfRecord(shown));
  }, [shown]);

  const select = (id: number | null) => {
    setSelectedId(id);
    if (blocked?.id !== id) setBlocked(null);
  };

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

  const columns = useMemo<FitColumn<RevisionRecord>[]>(
    () => [
      { title: t('record.columns.id'), dataIndex: 'id', width: 64, render: (id: number) => `#${id}` },
      { title: t('record.columns.user'), dataIndex: 'userName', width: 120, ellipsis: true },
      timeColumn<RevisionRecord>({ title: t('record.columns.time'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) }),
      { title: t('record.columns.type'), dataIndex: 'typeName', width: 140, ellipsis: true },
      { title: t('record.columns.factor'), dataIndex: 'factorName', width: 110, ellipsis: true },
      {
        title: t('record.columns.baseTime'),
        dataIndex: 'baseTime',
        width: 140,
        className: 'table-cell-nowrap',
        render: (v: string) => formatDateMinute(v),
      },
      {
        title: t('record.columns.lead'),
        dataIndex: 'lead',
        width: 70,
        align: 'right',
        render: (h: number) => t('common.hours', { hours: h }),
      },
      {
        title: t('record.columns.operation'),
        key: 'operation',
        width: 200,
        render: (_, rec) => {
          const text = summary(rec);
          return (
            <Tooltip title={text}>
              <span className="dr-operation">
                <Tag color={KIND_COLOURS[rec.kind]}>{t(`record.kinds.${rec.kind}`)}</Tag>
                <span className="dr-operation-text">{text}</span>
              </span>
            </Tooltip>
          );
        },
      },
      { title: t('record.columns.cells'), dataIndex: 'cellsChanged', width: 100, align: 'right' },
      {
        title: t('record.columns.state'),
        key: 'state',
        width: 110,
        render: (_, rec) => <span className={rec.recovered ? 'dr-state-recovered' : undefined}>{stateText(rec)}</span>,
      },
    ],
    [t, summary, stateText],
  );
  const fitted = useFittedTable(columns, tableProps.dataSource);

  return (
    <RevisePage id="record-page" titleKey="operationLog" data={{ 'data-selected': selectedId ?? '' }}>
      <div>
        <RecordFilters
          onApply={(next) => {
            setFilters(next);
            toFirstPage();
          }}
        />
      </div>
      <Table<RevisionRecord>
        id="record-table"
        size="small"
        {...tableProps}
        // Laid out by the columns' widths (an ellipsis column squeezed to "Co…"): wider than the panel, it scrolls.
        {...fitted}
        rowClassName={(rec) => (rec.id === selectedId ? 'dr-row-selected' : '')}
        onRow={(rec) => ({ onClick: () => select(rec.id), ...selectableRow(rec.id === selectedId, () => select(rec.id)) })}
      />
      {shown ? (
        <RecordDetailCard
          record={shown}
          detail={detail.data}
          areaPolygons={areaPolygons}
          blocking={blocked?.id === shown.id ? blocked.blocking : null}
          recovering={recover.isPending}
          onRecover={() => confirmRecover(shown)}
          onSelect={select}
          onClose={() => select(null)}
        />
      ) : (
        <div className="dr-hint dr-detail">{t('record.detailHint')}</div>
      )}
    </RevisePage>
  );
}
