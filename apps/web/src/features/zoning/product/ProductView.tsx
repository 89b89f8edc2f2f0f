import { DownloadOutlined } from '@ant-design/icons';
import type { ZoningProduct } from '@agromet/contracts';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logUnlessShown } from '../../../lib/shown-failure';
import { toastSuccess } from '../../../lib/feedback';
import { downloadProduct } from '../api/products';
import { formatDateTime } from '../../../lib/format-time';
import { useHideForecast } from '../../../components/map/use-hide-forecast';
import { useWmsProductLayer } from '../../../components/map/use-wms-product-layer';
import { ProductPanel, type ProductPanelNames } from '../../../components/product-job/ProductPanel';
import { NS } from '../i18n';
import { CellPopup } from './CellPopup';
import { ClassLegend } from './ClassLegend';
import { showable } from './product-rules';
import { ProductStats } from './ProductStats';
import { nameWithUnit } from '../../../lib/format-unit';

export const PANEL: ProductPanelNames = { prefix: 'zn', testId: 'zoning', ns: NS };

/** Downloads a product's zip, saying so; a failure is shown by the request client. */
export function DownloadButton({ product, link }: { product: Pick<ZoningProduct, 'id' | 'name' | 'status'>; link?: boolean }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      toastSuccess(t('product.downloaded', { file: await downloadProduct(product) }));
    } catch (error) {
      logUnlessShown(error, 'zoning download');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type={link ? 'link' : 'default'}
      size={link ? 'small' : 'middle'}
      icon={<DownloadOutlined aria-hidden />}
      loading={busy}
      disabled={product.status !== 'done'}
      aria-label={link ? `${t('product.download')} ${product.name}` : undefined}
      className="zn-download"
      onClick={() => void run()}
    >
      {link ? null : t('product.download')}
    </Button>
  );
}

/**
 * A product on the map: its WMS layer (the forecast layer hidden meanwhile), legend, a click on a cell explains its
 * class; in the panel its details, statistics and download.
 */
export function ProductView({ product, onClose, clicks = true }: { product: ZoningProduct; onClose?: () => void; clicks?: boolean }) {
  const { t } = useTranslation(NS);
  const ready = showable(product);
  const status = useWmsProductLayer(ready ? product.layer : null, product.bbox, { role: 'zoning-product' });
  useHideForecast(ready);

  const details = [
    { key: 'crop', label: t('product.crop'), children: product.cropName },
    { key: 'criterion', label: t('product.criterion'), children: product.criteriaName },
    { key: 'method', label: t('product.method'), children: t(`methods.${product.method}`) },
    {
      key: 'region',
      label: t('product.region'),
      children: `${t(`region.${product.region.kind}`)}${product.region.name ? ` · ${product.region.name}` : ''}`,
    },
    { key: 'time', label: t('product.createTime'), children: formatDateTime(product.createTime) },
    { key: 'creator', label: t('product.creator'), children: product.creator },
  ];
  const download = ready ? <DownloadButton product={product} /> : null;

  return (
    <ProductPanel names={PANEL} product={product} ready={ready} layerStatus={status} onClose={onClose} actions={download} details={details}>
      <ClassLegend names={product.classNames} colors={product.classColors} />
      <Typography.Paragraph type="secondary" className="zn-hint">
        {t('product.clickHint')}
      </Typography.Paragraph>
      <CellPopup product={product} enabled={clicks} />
      {product.stats ? (
        <ProductStats product={product} stats={product.stats} />
      ) : (
        <Typography.Text type="secondary">{t('product.noStats')}</Typography.Text>
      )}
      {product.inputs.length > 0 ? (
        <div className="zn-inputs">
          <Typography.Text strong>{t('product.inputs')}</Typography.Text>
          <ul>
            {product.inputs.map((i) => (
              <li key={i.factor}>{t('product.inputVersion', { name: nameWithUnit(i), version: i.gridVersion })}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </ProductPanel>
  );
}
