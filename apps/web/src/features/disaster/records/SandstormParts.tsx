import { SANDSTORM_LEVELS, type SandstormLevel } from '@agromet/contracts/web';
import type { Sandstorm, SandstormStatistics } from '@agromet/contracts';
import { DatePicker, Descriptions, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { editDeleteActions, rowActionsColumn } from '../../../components/admin-list/row-actions';
import type { FitColumn } from '../../../components/admin-list/table-columns';
import type { FilterField } from '../../../components/admin-list/use-list-page';
import { RecordLegend } from '../../../components/record-map/RecordLegend';
import { regionFilter } from '../../../components/region-cascader/region-filter';
import { useDateInputFormats } from '../../../lib/date-input';
import type { RecordFilters } from '../api/sandstorms';
import { NS } from '../i18n';
import { LEVEL_COLOURS } from '../levels';
import { SandstormStats } from '../stats/SandstormStats';
import { formatTime } from './sandstorm-form';

type Range = [Dayjs | null, Dayjs | null] | null;

/** The records' filters: region, time range (a picker that sets both ends), level and keyword; the range picker's value. */
export function useSandstormFields() {
  const { t } = useTranslation(NS);
  const dateFormats = useDateInputFormats();
  const [range, setRange] = useState<Range>(null);
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
  return { fields, range, setRange };
}

/** A time range opened from the address shows in its picker (on opening only: afterwards the picker sets both ends). */
export function useOpenedRange(opened: RecordFilters, { range, setRange }: { range: Range; setRange: (r: Range) => void }) {
  useEffect(() => {
    if (range === null && (opened.from || opened.to))
      setRange([opened.from ? dayjs(opened.from) : null, opened.to ? dayjs(opened.to) : null]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The records table's columns: time, place (taking the room left), level, visibility, loss, casualties, actions. */
export function useSandstormColumns(edit: (r: Sandstorm) => void, askDelete: (r: Sandstorm) => void): FitColumn<Sandstorm>[] {
  const { t } = useTranslation(NS);
  return useMemo<FitColumn<Sandstorm>[]>(
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
}

/** A record's details (open under its row, or below the table when the record is not on the table's page). */
export function SandstormDetails({ record: r }: { record: Sandstorm }) {
  const { t } = useTranslation(NS);
  return (
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
}

/** The levels' colours with how many of the records on the map have each. */
export function SandstormLegend({ records }: { records: readonly Sandstorm[] }) {
  const { t } = useTranslation(NS);
  const counts = useMemo(() => {
    const c = new Map<SandstormLevel, number>();
    for (const r of records) c.set(r.level, (c.get(r.level) ?? 0) + 1);
    return c;
  }, [records]);
  return (
    <RecordLegend
      id="sandstorm-legend"
      title={t('page.legend')}
      items={SANDSTORM_LEVELS.map((l) => ({ colour: LEVEL_COLOURS[l], label: t(`levels.${l}`), count: counts.get(l) ?? 0 }))}
    />
  );
}

export type SandstormTab = 'records' | 'statistics';

/**
 * The page's two tabs: the records (the map hint, the table, and the selected record's details when it is not on the
 * table's page) and the statistics as charts (asked for only while shown).
 */
export function SandstormTabs({
  tab,
  onTab,
  table,
  outside,
  statistics,
}: {
  tab: SandstormTab;
  onTab: (tab: SandstormTab) => void;
  table: ReactNode;
  /** The selected record when the table's page does not list it. */
  outside: Sandstorm | null;
  statistics: { data: SandstormStatistics | undefined; isFetching: boolean };
}) {
  const { t } = useTranslation(NS);
  return (
    <Tabs
      id="sandstorm-tabs"
      size="small"
      activeKey={tab}
      onChange={(k) => onTab(k as SandstormTab)}
      items={[
        {
          key: 'records',
          label: t('page.tabRecords'),
          children: (
            <>
              <div className="list-hint">{t('page.mapHint')}</div>
              {table}
              {outside ? (
                <div className="ds-section" id="sandstorm-selected">
                  <Typography.Text
                    strong
                  >{`${outside.location} · ${formatTime(outside.time)} · ${t(`levels.${outside.level}`)}`}</Typography.Text>
                  <SandstormDetails record={outside} />
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
  );
}
