import type { SandstormLevel, SandstormStatistics } from '@agromet/contracts';
import { Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { EChart } from '../../../components/chart/EChart';
import { levelOption, regionOption, timeOptions } from './sandstorm-charts';

/** The statistics tab: totals of losses and casualties, and counts by year, month, grade and region as charts. */
export function SandstormStats({ data, loading }: { data: SandstormStatistics | undefined; loading: boolean }) {
  const { t } = useTranslation(NS);
  const names = useMemo(() => ({ records: t('stats.records'), loss: t('stats.loss') }), [t]);
  const options = useMemo(
    () =>
      data
        ? {
            ...timeOptions(data, names),
            byLevel: levelOption(data, (l: SandstormLevel) => t(`levels.${l}`), names),
            byRegion: regionOption(data, names),
          }
        : null,
    [data, names, t],
  );
  if (!data || !options) return <Spin />;
  const { totals } = data;
  return (
    <div id="sandstorm-stats" className="ds-stats" data-count={totals.count} data-loading={loading ? 1 : 0}>
      <Row gutter={[12, 12]} id="sandstorm-totals">
        <Col span={8}>
          <Statistic title={t('stats.count')} value={totals.count} />
        </Col>
        <Col span={8}>
          <Statistic title={t('stats.economicLoss')} value={totals.economicLoss} precision={1} />
        </Col>
        <Col span={8}>
          <Statistic title={t('stats.housesCollapsed')} value={totals.housesCollapsed} />
        </Col>
        <Col span={8}>
          <Statistic title={t('stats.deaths')} value={totals.deaths} />
        </Col>
        <Col span={8}>
          <Statistic title={t('stats.injured')} value={totals.injured} />
        </Col>
      </Row>
      {totals.count === 0 ? (
        <Empty description={t('stats.none')} />
      ) : (
        <>
          <Typography.Title level={5}>{t('stats.byLevel')}</Typography.Title>
          <EChart option={options.byLevel} height={200} testId="chart-level" />
          <Row gutter={12}>
            <Col span={10}>
              <Typography.Title level={5}>{t('stats.byYear')}</Typography.Title>
              <EChart option={options.byYear} height={200} testId="chart-year" />
            </Col>
            <Col span={14}>
              <Typography.Title level={5}>{t('stats.byMonth')}</Typography.Title>
              <EChart option={options.byMonth} height={200} testId="chart-month" />
            </Col>
          </Row>
          <Typography.Title level={5}>{t('stats.byRegion')}</Typography.Title>
          <EChart option={options.byRegion} height={Math.max(160, 28 * Math.min(12, data.byRegion.length) + 60)} testId="chart-region" />
        </>
      )}
    </div>
  );
}
