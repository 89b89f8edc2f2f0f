import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EChart } from '../../../components/chart/EChart';
import { request } from '../../../lib/request';
import { NS } from '../i18n';
import { LEVEL_COLOURS } from '../levels';
import { barOption } from '../stats/sandstorm-charts';
import { seasonCount, shownYear, yearRange } from './sandstorm-year';

/**
 * Sandstorm records of this year, or of the latest year with records when this year has none (said so above the
 * figures): how many, how many in the March–May dust season, losses and casualties, and how many of each grade.
 */
export default function SandstormYearCard() {
  const { t } = useTranslation(NS);
  // The year of Beijing time, as the statistics count years.
  const thisYear = useMemo(() => Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4)), []);
  const all = useQuery({
    queryKey: ['dashboard', 'sandstorm', 'all'],
    queryFn: ({ signal }) => request('sandstormStatistics', { query: {}, signal }),
  });
  const shown = all.data ? shownYear(all.data.byYear, thisYear) : null;
  const stats = useQuery({
    queryKey: ['dashboard', 'sandstorm', shown?.year],
    queryFn: ({ signal }) => request('sandstormStatistics', { query: yearRange(shown!.year), signal }),
    enabled: shown !== null,
  });
  // Every grade named (wrapped or turned to the card's fifth of a width), none told by its neighbours.
  const option = useMemo(
    () =>
      stats.data &&
      barOption(
        stats.data.byLevel.map((l) => t(`levels.${l.level}`)),
        stats.data.byLevel.map((l) => l.count),
        stats.data.byLevel.map((l) => LEVEL_COLOURS[l.level]),
        { name: t('dashboard.records'), labelAll: true },
      ),
    [stats.data, t],
  );
  const totals = stats.data?.totals;
  const year = shown?.year ?? thisYear;

  return (
    <Card
      title={t('dashboard.title', { year })}
      loading={all.isPending || (shown !== null && stats.isPending)}
      extra={<Link to="/disaster/manage">{t('dashboard.open')}</Link>}
    >
      {!shown || !totals ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty')} />
      ) : (
        <>
          {shown.latest ? (
            <Typography.Paragraph type="secondary" className="dashboard-sandstorm-note">
              {t('dashboard.noneThisYear', { year: thisYear, latest: shown.year, count: all.data?.totals.count ?? 0 })}
            </Typography.Paragraph>
          ) : null}
          <div className="dashboard-admin-figures">
            <Statistic title={t('dashboard.records')} value={totals.count} className="dashboard-sandstorm-count" />
            <Statistic
              title={t('dashboard.season')}
              value={seasonCount(stats.data?.byMonth ?? [])}
              className="dashboard-sandstorm-season"
            />
            <Statistic title={t('dashboard.loss')} value={totals.economicLoss} precision={1} />
            <Statistic title={t('dashboard.casualties')} value={totals.deaths + totals.injured} />
          </div>
          {option ? <EChart option={option} height={200} testId="dashboard-sandstorm-chart" /> : null}
        </>
      )}
    </Card>
  );
}
