import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../../../components/chart/EChart';
import { request } from '../../../lib/request';
import { NS } from '../i18n';
import { LEVEL_COLOURS } from '../levels';

/** Sandstorm records of this year: how many, their losses and casualties, and how many of each grade. */
export default function SandstormYearCard() {
  const { t } = useTranslation(NS);
  const from = useMemo(() => dayjs().startOf('year').toISOString(), []);
  const stats = useQuery({
    queryKey: ['dashboard', 'sandstorm', from],
    queryFn: ({ signal }) => request('sandstormStatistics', { query: { from }, signal }),
  });
  const option = useMemo(
    () =>
      stats.data && {
        grid: { left: 32, right: 8, top: 8, bottom: 24 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: stats.data.byLevel.map((l) => t(`levels.${l.level}`)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            type: 'bar',
            data: stats.data.byLevel.map((l) => ({ value: l.count, itemStyle: { color: LEVEL_COLOURS[l.level] } })),
          },
        ],
      },
    [stats.data, t],
  );
  const totals = stats.data?.totals;

  return (
    <Card
      title={t('dashboard.title', { year: dayjs().year() })}
      loading={stats.isPending}
      extra={<Link to="/disaster/manage">{t('dashboard.open')}</Link>}
    >
      {!totals || totals.count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty')} />
      ) : (
        <>
          <div className="dashboard-admin-figures">
            <Statistic title={t('dashboard.records')} value={totals.count} className="dashboard-sandstorm-count" />
            <Statistic title={t('dashboard.loss')} value={totals.economicLoss} precision={1} />
            <Statistic title={t('dashboard.casualties')} value={totals.deaths + totals.injured} />
          </div>
          {option ? <EChart option={option} height={160} testId="dashboard-sandstorm-chart" /> : null}
        </>
      )}
    </Card>
  );
}
