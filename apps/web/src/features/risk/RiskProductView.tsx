import type { RiskProduct } from '@agromet/contracts';
import { RISK_LEVEL_COLORS } from '@agromet/contracts/web';
import { List, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideForecast } from '../../components/map/use-hide-forecast';
import { useWmsProductLayer } from '../../components/map/use-wms-product-layer';
import { formatDateTime } from '../../lib/format-time';
import { ProductPanel, type ProductPanelNames } from '../../components/product-job/ProductPanel';
import { shortTablePaging } from '../../components/admin-list/use-paged-table';
import { AreaChart } from './AreaChart';
import { NS } from './i18n';
import { areaTableRows, formatKm2, LEVELS, type AreaTableRow } from './risk-rules';

export const PANEL: ProductPanelNames = { prefix: 'rk', testId: 'risk', ns: NS };

/** The four warning colours with their level names, I first. */
export function RiskLegend() {
  const { t } = useTranslation(NS);
  return (
    <div className="rk-legend" data-testid="risk-legend" aria-label={t('product.legend')}>
      {[4, 3, 2, 1].map((l) => (
        <span key={l} className="rk-legend-item">
          <span className="rk-swatch" style={{ background: RISK_LEVEL_COLORS[l - 1] }} />
          {t(`levels.l${l}`)}
        </span>
      ))}
    </div>
  );
}

/**
 * A risk product: on the map its WMS layer in the warning colours (the forecast layer steps aside), in the panel its
 * inputs, the summaries, the area of each level per county as a table and a chart.
 */
export function RiskProductView({ product, onClose }: { product: RiskProduct; onClose?: () => void }) {
  const { t } = useTranslation(NS);
  const ready = product.status === 'done';
  useHideForecast(ready);
  const layerStatus = useWmsProductLayer(ready && product.layer ? product.layer : null, product.bbox, {
    role: 'risk-product',
    opacity: 0.85,
  });
  const levelNames = LEVELS.map((l) => t(`levels.l${l}`));
  const rows = useMemo(() => (product.stats ? areaTableRows(product.stats, t('product.total')) : []), [product.stats, t]);
  const columns = useMemo<TableColumnsType<AreaTableRow>>(
    () => [
      { title: t('product.areaName'), dataIndex: 'name', ellipsis: true },
      ...LEVELS.map((l, k) => ({
        title: (
          <span className="rk-level-head">
            <span className="rk-swatch" style={{ background: RISK_LEVEL_COLORS[k] }} />
            {['IV', 'III', 'II', 'I'][k]}
          </span>
        ),
        key: `l${l}`,
        align: 'right' as const,
        render: (_: unknown, r: AreaTableRow) => formatKm2(r.levels[k]!),
      })),
      { title: t('product.atRisk'), dataIndex: 'atRisk', align: 'right', render: (v: number) => formatKm2(v) },
    ],
    [t],
  );
  const leads = product.stats?.leads.map((l) => l.lead).join(', ') ?? `${product.leadFrom}–${product.leadTo}`;
  const details = [
    {
      key: 'hazard',
      label: t('product.hazard'),
      children:
        product.hazardName === t(`kinds.${product.kind}`) ? product.hazardName : `${product.hazardName} · ${t(`kinds.${product.kind}`)}`,
    },
    { key: 'base', label: t('product.baseTime'), children: formatDateTime(product.baseTime) },
    { key: 'leads', label: t('product.leads'), children: `${leads} h` },
    { key: 'region', label: t('product.region'), children: product.region.name },
    ...(product.exposure
      ? [{ key: 'exposure', label: t('product.exposure'), children: `${product.exposure.cropName} · ${product.exposure.name}` }]
      : []),
    { key: 'time', label: t('product.createTime'), children: `${formatDateTime(product.createTime)} · ${product.creator}` },
  ];

  return (
    <ProductPanel names={PANEL} product={product} ready={ready} layerStatus={layerStatus} onClose={onClose} details={details}>
      <RiskLegend />
      <Typography.Paragraph type="secondary" className="rk-hint" data-testid="risk-method">
        {t('product.method', { method: product.method })}
      </Typography.Paragraph>
      <Typography.Text strong>{t('product.summaries')}</Typography.Text>
      <List
        size="small"
        className="rk-summaries"
        data-testid="risk-summaries"
        dataSource={product.summaries}
        locale={{ emptyText: t('product.noSummaries') }}
        renderItem={(s) => <List.Item>{s}</List.Item>}
      />
      <Typography.Text strong>{t('product.areas')}</Typography.Text>
      <Table<AreaTableRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        data-testid="risk-table"
        // The total row comes beside up to 10 counties before the table pages.
        pagination={shortTablePaging(rows.length - 1, 10)}
        rowClassName={(r) => (r.key === 'total' ? 'rk-total' : '')}
      />
      <AreaChart rows={rows} levelNames={levelNames} colors={RISK_LEVEL_COLORS} title={t('product.chart')} />
    </ProductPanel>
  );
}
