import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { SANDSTORM_LEVELS, type SandstormLevel } from '@agromet/contracts/web';
import type { Sandstorm } from '@agromet/contracts';
import { DatePicker, Descriptions, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPageView } from '../../../components/admin-list/ListPageView';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { useEditor, useListPage, type FilterField } from '../../../components/admin-list/use-list-page';
import { type FitColumn } from '../../../components/admin-list/table-columns';
import { useConsoleMap } from '../../../components/map/map-context';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useMapClicks } from '../../../components/map/use-map-clicks';
import { RecordLegend } from '../../../components/record-map/RecordLegend';
import { fitRecords, revealRecord, useRecordLayer } from '../../../components/record-map/use-record-layer';
import { useDateInputFormats } from '../../../lib/date-input';
import { logUnlessShown } from '../../../lib/shown-failure';
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
import { SandstormStats } from '../stats/SandstormStats';
import '../disaster.css';
import { SandstormFormModal, type PickedPosition } from './SandstormFormModal';
import { SandstormImportModal } from './SandstormImportModal';
import { useFeedback } from '../../../lib/feedback';
import { regionFilter } from '../../../components/region-cascader/region-filter';

const PAGE_SIZE = 10;
const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as "YYYY-MM-DD HH:mm" in the browser's zone. */
function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * /disaster/manage: the customer's sandstorm records as a table (filters: region, dates, level, keyword) and as points
 * on the map coloured by grade, gathered into counted circles where they crowd; create and edit with the position
 * picked on the map; delete; Excel export of the filtered records and all-or-nothing import; statistics as charts.
 */
export function SandstormPage() {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const dateFormats = useDateInputFormats();
  const map = useConsoleMap();
  useHideForecast(true);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const fields = useMemo<FilterField<RecordFilters>[]>(
    () => [
      regionFilter('code', 'sandstorm-filter-region', t('page.region'), 210),
      {
        kind: 'custom',
        key: 'from',
        also: ['to'],
        render: (_from, _onChange, filter) => (
          <DatePicker.RangePicker
            id="sandstorm-filter-time"
            format={dateFormats}
            style={{ width: 240 }}
            value={range}
            placeholder={[t('page.from'), t('page.to')]}
            onChange={(next) => {
              setRange(next);
              filter({ from: next?.[0]?.startOf('day').format() ?? undefined, to: next?.[1]?.endOf('day').format() ?? undefined });
            }}
          />
        ),
      },
      {
        kind: 'select',
        key: 'level',
        id: 'sandstorm-filter-level',
        label: t('page.level'),
        width: 140,
        options: SANDSTORM_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) })),
      },
      { kind: 'keyword', key: 'keyword', id: 'sandstorm-search', placeholder: t('page.searchPlaceholder'), width: 220 },
    ],
    [t, dateFormats, range],
  );
  const list = useListPage<Sandstorm, RecordFilters, ReturnType<typeof useSandstormPage>>({
    filters: fields,
    pageSize: PAGE_SIZE,
    useRows: useSandstormPage,
  });
  const { filters, rows: tablePage } = list;
  // A time range opened from the address shows in its picker.
  useEffect(() => {
    if (range === null && (filters.from || filters.to))
      setRange([filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]);
    // Only on opening: afterwards the picker sets both.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [tab, setTab] = useState<'records' | 'statistics'>('records');
  const onMap = useSandstormsOnMap(filters);
  const mapRecords = useMemo(() => onMap.data?.list ?? [], [onMap.data]);
  const statistics = useSandstormStatistics(filters, tab === 'statistics');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const editor = useEditor<Sandstorm>();
  const editing = editor.editing;
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedPosition | null>(null);
  const [draft, setDraft] = useState<PickedPosition | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const remove = useDeleteSandstorm();
  const confirmDelete = useConfirmDelete();

  const look = useMemo(
    () => ({
      colour: (r: Sandstorm) => LEVEL_COLOURS[r.level],
      rank: (r: Sandstorm) => levelRank(r.level),
      label: (r: Sandstorm) => r.location,
    }),
    [],
  );
  const recordAt = useRecordLayer(map, mapRecords, look, selectedId, editing && picking ? draft : null, 'sandstorms');

  // The map shows the filtered records whenever the filters change (and on first load).
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    const key = JSON.stringify(filters);
    if (!onMap.data || onMap.isPlaceholderData || fitted.current === key) return;
    fitted.current = key;
    fitRecords(map, mapRecords);
  }, [map, onMap.data, onMap.isPlaceholderData, mapRecords, filters]);

  useMapClicks(({ lon, lat, pixel }) => {
    if (editing) {
      if (picking) setPicked({ lon, lat });
      return;
    }
    const hit = recordAt(pixel);
    if (hit?.kind === 'record') setSelectedId(hit.id);
  });

  const selected = useMemo(
    () => mapRecords.find((r) => r.id === selectedId) ?? tablePage.data?.list.find((r) => r.id === selectedId) ?? null,
    [mapRecords, tablePage.data, selectedId],
  );

  const openEditor = editor.open;
  const edit = useCallback(
    (record: Sandstorm | null) => {
      setPicked(null);
      setDraft(null);
      setPicking(record === null);
      openEditor(record);
    },
    [openEditor],
  );

  const askDelete = useCallback(
    (row: Sandstorm) =>
      confirmDelete(`${row.location}（${formatTime(row.time)}）`, async () => {
        await remove.mutateAsync(row.id);
        setSelectedId((id) => (id === row.id ? null : id));
      }),
    [confirmDelete, remove],
  );

  const runExport = async () => {
    setExporting(true);
    try {
      void message.success(t('page.exported', { file: await exportSandstorms(filters) }));
    } catch (error) {
      logUnlessShown(error, 'sandstorm export');
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<FitColumn<Sandstorm>[]>(
    () => [
      {
        title: t('fields.time'),
        dataIndex: 'time',
        width: 132,
        render: (v: string) => formatTime(v),
        fit: { kind: 'content', cell: (row) => formatTime(row.time) },
      },
      // The place takes the room the others leave.
      { title: t('fields.location'), dataIndex: 'location', width: 110, ellipsis: true, fit: { kind: 'free' } },
      {
        title: t('fields.level'),
        dataIndex: 'level',
        width: 124,
        render: (level: SandstormLevel, row) => (
          <Tag color={LEVEL_COLOURS[level]} title={row.levelDerived ? t('page.derived') : undefined}>
            {t(`levels.${level}`)}
            {row.levelDerived ? '*' : ''}
          </Tag>
        ),
        fit: { kind: 'content', cell: (row) => ({ tags: [`${t(`levels.${row.level}`)}${row.levelDerived ? '*' : ''}`] }) },
      },
      { title: t('fields.minVisibility'), dataIndex: 'minVisibility', align: 'right', width: 100 },
      { title: t('fields.economicLoss'), dataIndex: 'economicLoss', align: 'right', width: 110 },
      {
        title: t('page.casualties'),
        key: 'casualties',
        width: 124,
        render: (_, r) => `${r.deaths}/${r.injured}`,
        fit: { kind: 'content', cell: (r) => `${r.deaths}/${r.injured}` },
      },
      // "Acciones" whole.
      rowActionsColumn(
        t('common.actions'),
        editDeleteActions<Sandstorm>(t, (r) => r.location, edit, askDelete),
        84,
      ),
    ],
    [t, edit, askDelete],
  );

  const counts = useMemo(() => {
    const c = new Map<SandstormLevel, number>();
    for (const r of mapRecords) c.set(r.level, (c.get(r.level) ?? 0) + 1);
    return c;
  }, [mapRecords]);

  const details = (r: Sandstorm) => (
    <Descriptions size="small" column={2} id={`sandstorm-detail-${r.id}`}>
      <Descriptions.Item label={t('fields.regionCode')}>{`${r.regionName} (${r.regionCode})`}</Descriptions.Item>
      <Descriptions.Item label={`${t('fields.lon')}, ${t('fields.lat')}`}>{`${r.lon}, ${r.lat}`}</Descriptions.Item>
      <Descriptions.Item label={t('fields.duration')}>{r.duration}</Descriptions.Item>
      <Descriptions.Item label={t('fields.maxWindSpeed')}>{r.maxWindSpeed ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('fields.precipitation')}>{r.precipitation ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('fields.housesCollapsed')}>{r.housesCollapsed}</Descriptions.Item>
      <Descriptions.Item label={t('fields.description')} span={2}>
        <p className="ds-detail">{r.description}</p>
      </Descriptions.Item>
      {r.remark ? (
        <Descriptions.Item label={t('fields.remark')} span={2}>
          <p className="ds-detail">{r.remark}</p>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item span={2}>
        <Typography.Text type="secondary">{t('page.created', { name: r.createdBy, time: formatTime(r.createdAt) })}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );

  return (
    <ListPageView
      id="sandstorm-page"
      titleKey="disasterManage"
      className="ds-page"
      data={{ 'data-map-records': mapRecords.length, 'data-selected': selectedId ?? '', 'data-total': tablePage.data?.total ?? '' }}
      list={list}
      actions={[
        { id: 'sandstorm-create', label: t('common.create'), icon: <PlusOutlined aria-hidden />, primary: true, onClick: () => edit(null) },
        { id: 'sandstorm-import', label: t('page.import'), icon: <UploadOutlined aria-hidden />, onClick: () => setImporting(true) },
        {
          id: 'sandstorm-export',
          label: t('page.export'),
          icon: <DownloadOutlined aria-hidden />,
          loading: exporting,
          onClick: () => void runExport(),
        },
      ]}
      above={
        <RecordLegend
          id="sandstorm-legend"
          title={t('page.legend')}
          items={SANDSTORM_LEVELS.map((l) => ({ colour: LEVEL_COLOURS[l], label: t(`levels.${l}`), count: counts.get(l) ?? 0 }))}
        />
      }
      table={{
        id: 'sandstorm-table',
        columns,
        fitted: true,
        locale: { emptyText: t('page.empty') },
        expandable: { expandedRowRender: details, expandedRowKeys: selectedId !== null ? [selectedId] : [], showExpandColumn: false },
        rowClassName: (row) => (row.id === selectedId ? 'ds-row-selected' : ''),
        onRow: (row) => ({
          onClick: () => {
            setSelectedId((id) => (id === row.id ? null : row.id));
            revealRecord(map, row);
          },
        }),
      }}
      frame={(table) => (
        <Tabs
          id="sandstorm-tabs"
          size="small"
          activeKey={tab}
          onChange={(k) => setTab(k as 'records' | 'statistics')}
          items={[
            {
              key: 'records',
              label: t('page.tabRecords'),
              children: (
                <>
                  <div className="ds-hint">{t('page.mapHint')}</div>
                  {table}
                  {selected && !tablePage.data?.list.some((r) => r.id === selected.id) ? (
                    <div className="ds-section" id="sandstorm-selected">
                      <Typography.Text
                        strong
                      >{`${selected.location} · ${formatTime(selected.time)} · ${t(`levels.${selected.level}`)}`}</Typography.Text>
                      {details(selected)}
                    </div>
                  ) : null}
                </>
              ),
            },
            {
              key: 'statistics',
              label: t('page.tabStatistics'),
              children: tab === 'statistics' ? <SandstormStats data={statistics.data} loading={statistics.isFetching} /> : null,
            },
          ]}
        />
      )}
    >
      {editing ? (
        <SandstormFormModal
          record={editing.record}
          picking={picking}
          onPickingChange={setPicking}
          picked={picked}
          onPositionChange={setDraft}
          onSaved={(saved) => {
            editor.close();
            setSelectedId(saved.id);
          }}
          onClose={editor.close}
        />
      ) : null}
      {importing ? <SandstormImportModal onClose={() => setImporting(false)} /> : null}
    </ListPageView>
  );
}
