import { DownloadOutlined, FilePdfOutlined, FileImageOutlined } from '@ant-design/icons';
import type { MapProduct, ProductFormat } from '@agromet/contracts';
import { Alert, Button, List, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import { downloadProductFile } from './api/products';
import { NS } from './i18n';
import { formatSize } from '../../lib/format-size';
import { isActive } from '../../lib/product-jobs';

/** A product being made (its progress), failed (the reason) or done (each file, PNG and PDF, to download). */
export function ProductFiles({ product }: { product: MapProduct }) {
  const { t } = useTranslation(NS);
  const download = async (file: MapProduct['files'][number], format: ProductFormat) => {
    try {
      const name = await downloadProductFile(file, format);
      toastSuccess(t('result.downloaded', { name }));
    } catch (error) {
      logUnlessShown(error, 'product download');
    }
  };
  if (isActive(product.status)) {
    return (
      <div className="pd-progress" data-testid="product-progress" data-progress={product.progress}>
        <Typography.Text type="secondary">
          {t('result.making')} · {t(`status.${product.status}`)}
        </Typography.Text>
        <Progress percent={product.progress} status="active" />
      </div>
    );
  }
  if (product.status === 'failed') {
    return <Alert type="error" showIcon title={t('result.failed', { reason: product.error ?? '' })} data-testid="product-failed" />;
  }
  return (
    <List
      size="small"
      className="pd-files"
      data-testid="product-files"
      dataSource={product.files}
      renderItem={(file) => (
        <List.Item
          key={file.id}
          actions={[
            <Button key="png" size="small" icon={<FileImageOutlined />} onClick={() => void download(file, 'png')} data-format="png">
              PNG · {formatSize(file.pngSize)}
            </Button>,
            <Button key="pdf" size="small" icon={<FilePdfOutlined />} onClick={() => void download(file, 'pdf')} data-format="pdf">
              PDF · {formatSize(file.pdfSize)}
            </Button>,
          ]}
        >
          <Space size={6}>
            <DownloadOutlined />
            <Typography.Text ellipsis={{ tooltip: file.title }} className="pd-file-title">
              {file.title}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}
