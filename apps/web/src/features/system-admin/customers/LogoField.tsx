import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_MAX_KB } from '@agromet/contracts/web';
import { Button, Space, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/request';
import { NS } from '../i18n';
import { useFeedback } from '../../../lib/feedback';

export interface LogoFieldProps {
  /** Stored upload path (/api/files/…) or '' (antd Form passes it). */
  value?: string;
  onChange?: (path: string) => void;
  id?: string;
  disabled?: boolean;
}

/** Whether a chosen file may be sent: an image type (when the browser knows it) within the size limit. */
export function checkLogoFile(file: { type: string; size: number }): 'ok' | 'type' | 'size' {
  if (file.type && !file.type.startsWith('image/')) return 'type';
  if (file.size > UPLOAD_MAX_KB * 1024) return 'size';
  return 'ok';
}

/**
 * Logo of a customer: preview, upload (multipart field `file` through the request client; the answer's
 * path becomes the value) and remove. Kept apart so the shared cropping upload widget can replace it.
 */
export function LogoField({ value, onChange, id, disabled }: LogoFieldProps) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const check = checkLogoFile(file);
    if (check === 'ok') return true;
    void message.error(check === 'type' ? t('customer.logoNotImage') : t('customer.logoTooLarge', { limit: UPLOAD_MAX_KB }));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    const name = typeof file === 'object' && 'name' in file ? file.name : undefined;
    api
      .upload(file as Blob, name)
      .then((res) => {
        onChange?.(res.path);
        onSuccess?.(res);
      })
      .catch((err: Error) => onError?.(err)) // the request client has shown the reason
      .finally(() => setUploading(false));
  };

  return (
    <div className="sa-logo-field" id={id}>
      <div className="sa-logo-preview">
        {value ? <img src={value} alt={t('customer.logoPreview')} id="customer-logo-preview" /> : <span>{t('customer.logoNone')}</span>}
      </div>
      <div className="sa-logo-actions">
        <Space wrap>
          <Upload
            accept="image/*"
            showUploadList={false}
            maxCount={1}
            disabled={disabled || uploading}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
          >
            <Button id="customer-logo-upload" icon={<UploadOutlined aria-hidden />} loading={uploading} disabled={disabled}>
              {value ? t('customer.logoReplace') : t('customer.logoUpload')}
            </Button>
          </Upload>
          {value ? (
            <Button
              id="customer-logo-remove"
              icon={<DeleteOutlined aria-hidden />}
              disabled={disabled || uploading}
              onClick={() => onChange?.('')}
            >
              {t('customer.logoRemove')}
            </Button>
          ) : null}
        </Space>
        <Typography.Text type="secondary">{t('customer.logoHint', { limit: UPLOAD_MAX_KB })}</Typography.Text>
      </div>
    </div>
  );
}
