import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { ADMIN, BOUNDARY_ADMIN_CODES } from '@agromet/contracts/web';
import type { GisLayers } from '@agromet/contracts';
import { Button, Form, Input, Modal, Popconfirm, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format-size';
import { logUnlessShown } from '../../../lib/shown-failure';
import { useUserStore } from '../../../stores/user';
import { useDeleteBoundary, useUploadBoundary } from './api';
import { REVISE_EDIT_NS } from './i18n';

type Boundary = GisLayers['boundaries'][number];

/** Upload of a customer boundary layer (GeoJSON) and deletion of an uploaded one. */
export function BoundaryLayerTools({ selected, onUploaded }: { selected: Boundary | undefined; onUploaded: (id: string) => void }) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  const roles = useUserStore((s) => s.roles);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadBoundary();
  const remove = useDeleteBoundary();
  if (!roles.includes(ADMIN) && !roles.some((r) => (BOUNDARY_ADMIN_CODES as readonly string[]).includes(r))) return null;

  const send = async () => {
    if (!file || !name.trim()) return;
    const layer = await upload.mutateAsync({ name: name.trim(), file });
    onUploaded(`b${layer.id}`);
    setOpen(false);
    setName('');
    setFile(null);
  };

  return (
    <>
      <Button size="small" id="boundary-upload" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('area.upload')}
      </Button>
      {selected && !selected.builtIn ? (
        <Popconfirm
          title={t('area.deleteConfirm', { name: selected.name })}
          onConfirm={() => remove.mutate({ id: Number(selected.id.slice(1)), name: selected.name })}
        >
          <Button
            size="small"
            id="boundary-delete"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('area.deleteLayer')}
            title={t('area.deleteLayer')}
          />
        </Popconfirm>
      ) : null}
      <Modal
        open={open}
        title={t('area.uploadTitle')}
        okText={t('area.upload')}
        cancelText={t('submit.cancel')}
        okButtonProps={{ disabled: !file || !name.trim(), id: 'boundary-upload-ok' }}
        confirmLoading={upload.isPending}
        onOk={() => void send().catch((e: unknown) => logUnlessShown(e, 'boundary layer upload'))}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('area.layerName')} required>
            <Input id="boundary-name" maxLength={64} value={name} onChange={(e) => setName(e.target.value)} />
          </Form.Item>
          <Form.Item label={t('area.file')} required extra={t('area.uploadHint')}>
            <Upload
              accept=".geojson,.json,application/geo+json,application/json"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                if (!name.trim()) setName(f.name.replace(/\.(geo)?json$/i, ''));
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />}>{t('area.chooseFile')}</Button>
            </Upload>
          </Form.Item>
          {file ? <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text> : null}
        </Form>
      </Modal>
    </>
  );
}
