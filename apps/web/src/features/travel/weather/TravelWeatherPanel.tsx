import type { RouteStopType, TravelWeatherDay } from '@agromet/contracts';
import { Alert, Space, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/chart/EChart';
import { useTravelWeather } from '../api/greenways-routes';
import { NS } from '../i18n';
import { travelWeatherOption } from './weather-chart';

const num = (v: number | null) => (v === null ? '–' : String(v));

/**
 * The forecast at a spot or landscape for the next 72 h (docs/travel.md#travel-weather): a chart of temperature and
 * precipitation, and the days with their extremes; for a landscape, whether each day suits it.
 */
export function TravelWeatherPanel({ targetType, id }: { targetType: RouteStopType; id: number }) {
  const { t } = useTranslation(NS);
  const weather = useTravelWeather(targetType, id);
  const w = weather.data;
  const option = useMemo(
    () =>
      w && w.status === 'ok'
        ? travelWeatherOption(w, {
            temperature: t('weather.chartTemperature'),
            precipitation: t('weather.chartPrecipitation'),
            time: (iso) => dayjs(iso).format('MM-DD HH:mm'),
          })
        : null,
    [w, t],
  );
  const columns = useMemo<TableColumnsType<TravelWeatherDay>>(
    () => [
      {
        title: t('weather.date'),
        dataIndex: 'date',
        render: (d: string, day) => (
          <span>
            {d.slice(5)} {day.complete ? null : <Typography.Text type="secondary">{t('weather.partial')}</Typography.Text>}
          </span>
        ),
      },
      { title: t('weather.temperature'), key: 't', render: (_, d) => `${num(d.tmin)} ~ ${num(d.tmax)}` },
      { title: t('weather.precipitation'), dataIndex: 'precipitation', render: num },
      { title: t('weather.wind'), dataIndex: 'wind', render: num },
      ...(targetType === 'landscape'
        ? [
            {
              title: t('landscape.weather'),
              key: 'suits',
              render: (_: unknown, d: TravelWeatherDay) => (
                <Space size={2} wrap>
                  {d.inSeason === false ? <Tag>{t('weather.offSeason')}</Tag> : null}
                  {d.unmet?.length === 0 ? <Tag color="green">{t('weather.goodDay')}</Tag> : null}
                  {d.unmet?.map((u) => (
                    <Tag key={u} color="orange">
                      {t(`weather.unmet.${u}`)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
          ]
        : []),
    ],
    [t, targetType],
  );

  return (
    <section className="tr-weather" data-testid={`weather-${targetType}-${id}`} data-status={w?.status ?? 'loading'}>
      <Typography.Title level={5}>{t('weather.title')}</Typography.Title>
      {weather.isPending ? <Spin size="small" /> : null}
      {w && w.status !== 'ok' ? <Alert type="info" showIcon message={t(`weather.${w.status}`)} /> : null}
      {w && w.status === 'ok' ? (
        <>
          <Typography.Text type="secondary">
            {t('weather.source', { type: w.typeName, time: dayjs(w.baseTime).format('YYYY-MM-DD HH:mm') })}
          </Typography.Text>
          {option ? <EChart option={option} height={180} testId={`weather-chart-${targetType}-${id}`} /> : null}
          <Table<TravelWeatherDay> size="small" rowKey="date" pagination={false} columns={columns} dataSource={w.days} />
        </>
      ) : null}
    </section>
  );
}
