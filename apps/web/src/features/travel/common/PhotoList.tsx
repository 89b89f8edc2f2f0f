import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SPOT_PHOTOS_MAX } from '@agromet/contracts/web';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload/ImageUpload';
import { NS } from '../i18n';
import { RowAction } from '../../../components/admin-list/table-columns';

/** Photos of a spot or landscape: thumbnails with a remove button, and the image upload widget to add one (cropped to 4:3). */
export function PhotoList({ value = [], onChange }: { value?: string[]; onChange?: (next: string[]) => void }) {
  const { t } = useTranslation(NS);
  const [uploading, setUploading] = useState(false);
  return (
    <div className="tr-photos" id="spot-photos" data-count={value.length}>
      {value.map((src) => (
        <div className="tr-photo" key={src}>
          <img src={src} alt="" />
          <RowAction
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            label={t('spot.removePhoto')}
            onClick={() => onChange?.(value.filter((p) => p !== src))}
          />
        </div>
      ))}
      {value.length < SPOT_PHOTOS_MAX ? (
        <Button id="spot-photo-add" icon={<PlusOutlined aria-hidden />} onClick={() => setUploading(true)}>
          {t('spot.addPhoto')}
        </Button>
      ) : null}
      <ImageUpload
        open={uploading}
        title={t('spot.photoTitle')}
        width={640}
        height={480}
        imageFormat="jpg"
        onClose={() => setUploading(false)}
        onSuccess={(result) => {
          onChange?.([...value, result.path]);
          setUploading(false);
        }}
      />
    </div>
  );
}
