import type { ZoningProduct, ZoningStats } from '@agromet/contracts';
import { Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { shortTablePaging } from '../../../components/admin-list/use-paged-table';
import { MAP_NS } from '../../../components/map/i18n';
import { layerName } from '../../../components/map/map-rules';
import { ClassTag } from '../common/ClassName';
import { NS } from '../i18n';
import { areaRows, classShareRows, formatKm2, formatPercent, type AreaRow, type ClassShareRow } from './product-rules';

/** Horizontal bars of each class's area, scaled to the largest, with the km² and share written beside. */
export function ClassAreaChart({ rows, title }: { rows: readonly ClassShareRow[]; title: string }) {
  const max = Math.max(...rows.map((r) => r.km2), 0);
  const barHeight = 18;
  const gap = 8;
  const labelWidth = 96;
  const chartWidth = 360;
  const barSpace = chartWidth - labelWidth - 120;
  const height = rows.length * (barHeight + gap);
  return (
    <figure className="zn-chart" data-testid="zoning-stats-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${chartWidth} ${height}`} width="100%" style={{ maxWidth: chartWidth * 1.25 }} role="img" aria-label={title}>
        {rows.map((r, k) => {
          const y = k * (barHeight + gap);
          const w = max > 0 ? Math.max(r.km2 > 0 ? 1 : 0, (barSpace * r.km2) / max) : 0;
          return (
            <g key={r.cls} data-class={r.cls}>
              <text x={labelWidth - 6} y={y + barHeight / 2} textAnchor="end" dominantBaseline="central" className="zn-chart-label">
                {r.name}
              </text>
              <rect x={labelWidth} y={y} width={w} height={barHeight} rx={2} fill={r.color} stroke="rgba(0,0,0,0.25)" strokeWidth={0.5} />
              <text x={labelWidth + w + 6} y={y + barHeight / 2} dominantBaseline="central" className="zn-chart-value">
                {`${formatKm2(r.km2)} km² · ${formatPercent(r.percent)}`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** A product's statistics: area and share of each class as a table and a chart, and per area of the boundary layer. */
export function ProductStats({ product, stats }: { product: ZoningProduct; stats: ZoningStats }) {
  const { t } = useTranslation(NS);
  const { t: tMap } = useTranslation(MAP_NS);
  const rows = useMemo(
    () => classShareRows(stats, product.classNames, product.classColors),
    [stats, product.classNames, product.classColors],
  );
  const byArea = useMemo(() => areaRows(stats), [stats]);

  const columns = useMemo<TableColumnsType<ClassShareRow>>(
    () => [
      { title: t('product.statsClass'), key: 'cls', render: (_, r) => <ClassTag cls={r.cls} name={r.name} colors={product.classColors} /> },
      { title: t('product.statsArea'), dataIndex: 'km2', align: 'right', render: (v: number) => formatKm2(v) },
      { title: t('product.statsShare'), dataIndex: 'percent', align: 'right', render: (v: number) => formatPercent(v) },
    ],
    [t, product.classColors],
  );

  const areaColumns = useMemo<TableColumnsType<AreaRow>>(
    () => [
      { title: t('product.areaName'), dataIndex: 'name', ellipsis: true, fixed: 'left' },
      ...product.classNames.map((name, cls) => ({
        title: name,
        key: `c${cls}`,
        align: 'right' as const,
        render: (_: unknown, r: AreaRow) => formatKm2(r.areasKm2[cls] ?? 0),
      })),
      { title: t('product.statsTotal'), dataIndex: 'totalKm2', align: 'right', render: (v: number) => formatKm2(v) },
    ],
    [t, product.classNames],
  );

  return (
    <div className="zn-stats" data-testid="zoning-stats">
      <Typography.Text strong>{t('product.stats')}</Typography.Text>
      <Table<ClassShareRow>
        size="small"
        rowKey="cls"
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="zoning-stats-table"
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('product.statsTotal')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {formatKm2(stats.totalKm2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {formatPercent(stats.totalKm2 > 0 ? 100 : 0)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <ClassAreaChart rows={rows} title={t('product.statsChart')} />
      {byArea.length > 0 ? (
        <>
          <Typography.Text strong>{t('product.byArea', { layer: stats.layer ? layerName(stats.layer.name, tMap) : '' })}</Typography.Text>
          <Table<AreaRow>
            size="small"
            rowKey="key"
            columns={areaColumns}
            dataSource={byArea}
            data-testid="zoning-stats-by-area"
            scroll={{ x: 'max-content' }}
            pagination={shortTablePaging(byArea.length, 10)}
          />
        </>
      ) : null}
    </div>
  );
}
