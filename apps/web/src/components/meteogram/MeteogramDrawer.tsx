import { DownloadOutlined } from '@ant-design/icons';
import type { Meteogram } from '@agromet/contracts';
import { isCategoryFactor, weatherCodeName } from '@agromet/contracts/web';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Space, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../chart/EChart';
import { saveBlob } from '../../lib/download';
import { downloadRaw } from '../../lib/download';
import { request } from '../../lib/request';
import { useAppStore } from '../../stores/app';
import { METEOGRAM_NS } from './i18n';
import { meteogramOption } from './meteogram-chart';
import { nameWithUnit } from '../../lib/format-unit';

/** Where the meteogram is asked: a point (lon/lat) or a station of the customer (its id). */
export type MeteogramPlace = { type: string; baseTime?: string } & ({ lon: number; lat: number } | { station: number });

const timeLabel = (iso: string) => dayjs(iso).format('MM-DD HH:mm');

function queryOf(place: MeteogramPlace): Record<string, string | number> {
  return {
    type: place.type,
    ...(place.baseTime ? { baseTime: place.baseTime } : {}),
    ...('station' in place
      ? { station: place.station }
      : { lon: Math.round(place.lon * 1e5) / 1e5, lat: Math.round(place.lat * 1e5) / 1e5 }),
  };
}

/** The chart (ECharts, loaded on first use) of a meteogram. */
function MeteogramChart({ data }: { data: Meteogram }) {
  const { t } = useTranslation(METEOGRAM_NS);
  const option = useMemo(
    () =>
      meteogramOption(data, {
        temperature: t('temperature'),
        dailyMax: t('dailyMax'),
        dailyMin: t('dailyMin'),
        precipitation: t('precipitation'),
        wind: t('wind'),
        time: (value) => timeLabel(new Date(value).toISOString()),
      }),
    [data, t],
  );
  return <EChart option={option} height={420} testId="meteogram-chart" className="meteogram-chart" />;
}

/**
 * A drawer with the meteogram of a point or station (docs/grids.md#meteogram): the chart, every element's values by
 * lead in a table, and the CSV.
 */
export function MeteogramDrawer({ place, title, onClose }: { place: MeteogramPlace | null; title?: string; onClose: () => void }) {
  const language = useAppStore((st) => st.language);
  const { t } = useTranslation(METEOGRAM_NS);
  const query = place ? queryOf(place) : null;
  const answer = useQuery({
    queryKey: ['meteogram', query],
    queryFn: ({ signal }) => request('gridMeteogram', { query: query as never, signal }),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const data = answer.data;
  const rows = useMemo(
    () =>
      data
        ? data.leads.map((lead, k) => ({
            key: lead,
            lead,
            validTime: data.validTimes[k]!,
            ...Object.fromEntries(data.elements.map((e) => [e.code, e.values[k]])),
          }))
        : [],
    [data],
  );
  const download = async () => {
    if (!query) return;
    const blob = await downloadRaw('gridMeteogram', { ...query, format: 'csv' });
    saveBlob(blob, `meteogram_${data?.station?.number ?? `${data?.cell.lon}_${data?.cell.lat}`}.csv`);
  };
  const heading =
    title ??
    (data?.station
      ? t('station', { name: data.station.name, number: data.station.number })
      : data
        ? t('point', { lon: data.lon.toFixed(3), lat: data.lat.toFixed(3) })
        : t('title'));
  return (
    <Drawer
      open={place !== null}
      onClose={onClose}
      width={Math.min(880, window.innerWidth - 40)}
      title={`${t('title')} · ${heading}`}
      destroyOnHidden
      className="meteogram-drawer"
      data-testid="meteogram"
      extra={
        <Button icon={<DownloadOutlined />} size="small" onClick={() => void download()} disabled={!data} id="meteogram-csv">
          {t('csv')}
        </Button>
      }
    >
      {answer.isLoading ? <Spin tip={t('loading')} /> : null}
      {answer.isError ? <Alert type="error" showIcon message={t('failed')} /> : null}
      {data ? (
        <Space direction="vertical" style={{ width: '100%' }} size={8}>
          <Typography.Text type="secondary" data-testid="meteogram-meta">
            {t('run', { time: dayjs(data.baseTime).format('YYYY-MM-DD HH:mm') })} · {t('cell', { lon: data.cell.lon, lat: data.cell.lat })}
          </Typography.Text>
          <MeteogramChart data={data} />
          <Table
            size="small"
            className="meteogram-table"
            data-testid="meteogram-table"
            pagination={false}
            scroll={{ x: 'max-content', y: 260 }}
            dataSource={rows}
            columns={[
              { title: t('validTime'), dataIndex: 'validTime', fixed: 'left', width: 110, render: (v: string) => timeLabel(v) },
              { title: t('lead'), dataIndex: 'lead', width: 64, render: (v: number) => t('leadHours', { hours: v }) },
              ...data.elements.map((e) => ({
                title: nameWithUnit(e),
                dataIndex: e.code,
                width: isCategoryFactor(e.code) ? 110 : 92,
                onCell: () => ({ 'data-element': e.code }) as React.HTMLAttributes<HTMLElement>,
                // A weather code is shown by its name ("小雨", "light rain"), the code in the tooltip.
                render: (v: number | null) =>
                  v === null ? '' : isCategoryFactor(e.code) ? <span title={String(v)}>{weatherCodeName(v, language)}</span> : v,
              })),
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}
