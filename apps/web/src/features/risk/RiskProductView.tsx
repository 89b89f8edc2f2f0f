import { CloseOutlined } from '@ant-design/icons';
import type { RiskProduct } from '@agromet/contracts';
import { RISK_LEVEL_COLORS } from '@agromet/contracts/web';
import { Alert, Button, Descriptions, List, Progress, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHideForecast } from '../../components/map/use-hide-forecast';
import { useWmsProductLayer } from '../../components/map/use-wms-product-layer';
import { isActive } from './api/products';
import { AreaChart } from './AreaChart';
import { NS } from './i18n';
import { areaTableRows, formatKm2, LEVELS, type AreaTableRow } from './risk-rules';

export const STATUS_COLORS = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as "YYYY-MM-DD HH:mm" in the browser's zone. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

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

  return (
    <section
      className={ready ? 'rk-product zn-hides-forecast' : 'rk-product'}
      data-testid="risk-product"
      data-product={product.id}
      data-status={product.status}
      data-layer-status={layerStatus}
    >
      <div className="rk-product-head">
        <Typography.Title level={5} className="rk-product-title">
          {product.name}
        </Typography.Title>
        <Space size={4}>
          <Tag color={STATUS_COLORS[product.status]}>{t(`status.${product.status}`)}</Tag>
          {onClose ? <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('product.close')} onClick={onClose} /> : null}
        </Space>
      </div>
      <Descriptions
        size="small"
        column={2}
        items={[
          {
            key: 'hazard',
            label: t('product.hazard'),
            children:
              product.hazardName === t(`kinds.${product.kind}`)
                ? product.hazardName
                : `${product.hazardName} · ${t(`kinds.${product.kind}`)}`,
          },
          { key: 'base', label: t('product.baseTime'), children: formatTime(product.baseTime) },
          { key: 'leads', label: t('product.leads'), children: `${leads} h` },
          { key: 'region', label: t('product.region'), children: product.region.name },
          ...(product.exposure
            ? [{ key: 'exposure', label: t('product.exposure'), children: `${product.exposure.cropName} · ${product.exposure.name}` }]
            : []),
          { key: 'time', label: t('product.createTime'), children: `${formatTime(product.createTime)} · ${product.creator}` },
        ]}
      />
      {product.status === 'failed' ? (
        <Alert type="error" showIcon title={t('make.failed', { reason: product.error ?? '' })} data-testid="risk-failed" />
      ) : null}
      {isActive(product.status) ? (
        <div className="rk-progress" data-testid="risk-progress" data-progress={product.progress}>
          <Typography.Text type="secondary">
            {t('make.progress')} · {t(`status.${product.status}`)}
          </Typography.Text>
          <Progress percent={product.progress} status="active" />
        </div>
      ) : null}
      {ready ? (
        <>
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
            pagination={rows.length > 11 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            rowClassName={(r) => (r.key === 'total' ? 'rk-total' : '')}
          />
          <AreaChart rows={rows} levelNames={levelNames} colors={RISK_LEVEL_COLORS} title={t('product.chart')} />
        </>
      ) : null}
    </section>
  );
}
