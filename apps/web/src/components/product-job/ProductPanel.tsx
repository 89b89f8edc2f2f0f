import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Progress, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isActive, STATUS_COLORS, type JobStage } from '../../lib/product-jobs';
import type { WmsLayerStatus } from '../map/use-wms-product-layer';

/**
 * What a product panel takes from its page: the class prefix (`zn` → zn-product, zn-product-head), the test id
 * (`zoning` → zoning-product, zoning-progress, zoning-failed) and the i18n namespace holding `status.<stage>`,
 * `product.close`, `make.progress` and `make.failed`.
 */
export interface ProductPanelNames {
  prefix: string;
  testId: string;
  ns: string;
}

/**
 * A job's progress bar under its text ("progress · stage"), `${testId}-progress` carrying the percentage; also shown
 * by the make pages for a product just submitted, before the server answers for it.
 */
export function JobProgress({
  names,
  progress,
  text,
}: {
  names: Pick<ProductPanelNames, 'prefix' | 'testId'>;
  progress: number;
  text: string;
}) {
  return (
    <div className={`${names.prefix}-progress`} data-testid={`${names.testId}-progress`} data-progress={progress}>
      <Typography.Text type="secondary">{text}</Typography.Text>
      <Progress percent={progress} status="active" />
    </div>
  );
}

/**
 * A made product's panel, drawn alike by the zoning and risk pages: its name, stage and close button, its details,
 * the progress bar while it is made (or why it failed), and the page's own content (`children`) once it is `ready`.
 * The section carries the product, its stage and its map layer's status for the browser tests.
 */
export function ProductPanel({
  names,
  product,
  ready,
  layerStatus,
  onClose,
  actions,
  details,
  children,
}: {
  names: ProductPanelNames;
  product: { id: number; name: string; status: JobStage; progress: number; error: string | null };
  ready: boolean;
  layerStatus: WmsLayerStatus;
  onClose?: () => void;
  /** Buttons beside the stage tag. */
  actions?: ReactNode;
  details: DescriptionsProps['items'];
  children: ReactNode;
}) {
  const { t } = useTranslation(names.ns);
  const { prefix, testId } = names;
  const stage = t(`status.${product.status}`);
  return (
    <section
      className={ready ? `${prefix}-product zn-hides-forecast` : `${prefix}-product`}
      data-testid={`${testId}-product`}
      data-product={product.id}
      data-status={product.status}
      data-layer-status={layerStatus}
    >
      <div className={`${prefix}-product-head`}>
        <Typography.Title level={5} className={`${prefix}-product-title`}>
          {product.name}
        </Typography.Title>
        <Space size={4}>
          <Tag color={STATUS_COLORS[product.status]}>{stage}</Tag>
          {actions}
          {onClose ? <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('product.close')} onClick={onClose} /> : null}
        </Space>
      </div>
      <Descriptions size="small" column={2} items={details} />
      {product.status === 'failed' ? (
        <Alert type="error" showIcon title={t('make.failed', { reason: product.error ?? '' })} data-testid={`${testId}-failed`} />
      ) : null}
      {isActive(product.status) ? (
        <JobProgress names={names} progress={product.progress} text={`${t('make.progress')} · ${stage}`} />
      ) : null}
      {ready ? children : null}
    </section>
  );
}
