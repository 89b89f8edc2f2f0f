import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadItem } from '@agromet/contracts';
import { Button, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { usePreview } from './use-preview';

/** An item shown in place: a picture, or a PDF in the browser's viewer (with a link to open it in a new window). */
export function PreviewModal({ item, onClose, onDownload }: { item: DownloadItem; onClose: () => void; onDownload: () => void }) {
  const { t } = useTranslation(NS);
  const preview = usePreview(item.id, item.previewable);
  const isPdf = preview.status === 'ready' && preview.type.startsWith('application/pdf');
  return (
    <Modal
      open
      width="min(1000px, calc(100vw - 48px))"
      title={t('preview.title', { name: item.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          {isPdf ? (
            <Button href={preview.url} target="_blank" rel="noopener">
              {t('preview.pdfOpen')}
            </Button>
          ) : null}
          <Button type="primary" id="dl-preview-download" icon={<DownloadOutlined aria-hidden />} onClick={onDownload}>
            {t('action.download')}
          </Button>
        </>
      }
    >
      <div className="dl-preview-body" data-preview={item.id} data-status={preview.status}>
        {preview.status === 'loading' ? <Spin tip={t('preview.loading')}>{<div className="dl-preview-spin" />}</Spin> : null}
        {preview.status === 'none' ? <Empty description={t('preview.none')} /> : null}
        {preview.status === 'ready' && !isPdf ? <img className="dl-preview-image" src={preview.url} alt={item.name} /> : null}
        {isPdf ? <iframe className="dl-preview-pdf" src={preview.url} title={item.name} /> : null}
      </div>
    </Modal>
  );
}
