import { PlusOutlined } from '@ant-design/icons';
import type { Crop } from '@agromet/contracts';
import { Button, Form, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../../components/admin-list/use-confirm-delete';
import { shortTablePaging } from '../../../components/admin-list/use-paged-table';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { fetchCrop, useCrops, useDeleteCrop, useSaveCrop } from '../api/crops';
import { DeleteRowButton, EditRowButton } from '../common/ListParts';
import { NS } from '../i18n';
import { SaveModal } from '../../../components/admin-list/SaveModal';

/** Create or edit one crop: name (unique in the customer) and remarks. */
function CropFormModal({ record, onClose }: { record: Crop | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ name: string; remark: string }>();
  const save = useSaveCrop();
  const saveRecord = useRecordSave({
    record,
    form,
    save: (input) => save.mutateAsync(input),
    body: (values: { name: string; remark?: string }) => ({ name: values.name.trim(), remark: (values.remark ?? '').trim() }),
    // The request client shows the server's complaints; none goes under a field here.
    fields: [],
    current: (r) => fetchCrop(r.id),
    reload: (current) => form.setFieldsValue({ name: current.name, remark: current.remark }),
    onSaved: onClose,
    onClose,
  });
  const submit = async () => saveRecord(await form.validateFields());

  return (
    <SaveModal
      title={record ? t('crop.editTitle') : t('crop.createTitle')}
      submitId="crop-save"
      saving={save.isPending}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ name: record?.name ?? '', remark: record?.remark ?? '' }}>
        <Form.Item
          name="name"
          label={t('crop.name')}
          rules={[{ required: true, whitespace: true, message: t('crop.nameRequired') }, { max: 64 }]}
        >
          <Input id="crop-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="remark" label={t('crop.remark')} rules={[{ max: 256 }]}>
          <Input.TextArea id="crop-remark" maxLength={256} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </SaveModal>
  );
}

/** The customer's crops: seeded ones (built in) and their own; add, edit, delete those without criteria. */
export function CropManagerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const crops = useCrops();
  const remove = useDeleteCrop();
  const confirmDelete = useConfirmDelete();
  const [editor, setEditor] = useState<{ record: Crop | null } | null>(null);

  const columns = useMemo<TableColumnsType<Crop>>(
    () => [
      {
        title: t('crop.name'),
        dataIndex: 'name',
        render: (name: string, row) => (
          <Space size={4}>
            {name}
            {row.builtIn ? <Tag>{t('common.builtIn')}</Tag> : null}
          </Space>
        ),
      },
      { title: t('crop.remark'), dataIndex: 'remark', ellipsis: true },
      { title: t('crop.criteriaCount'), dataIndex: 'criteriaCount', align: 'right', width: 80 },
      {
        title: t('common.actions'),
        key: 'actions',
        width: 100,
        render: (_, row) => (
          <Space size={0}>
            <EditRowButton name={row.name} onClick={() => setEditor({ record: row })} />
            <DeleteRowButton
              name={row.name}
              blockedBy={row.criteriaCount > 0 ? t('crop.inUse', { count: row.criteriaCount }) : undefined}
              onClick={() => confirmDelete(row.name, () => remove.mutateAsync(row.id))}
            />
          </Space>
        ),
      },
    ],
    [t, confirmDelete, remove],
  );

  return (
    <Modal
      open
      title={t('crop.manageTitle')}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="add" id="crop-create" icon={<PlusOutlined aria-hidden />} onClick={() => setEditor({ record: null })}>
          {t('common.create')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Table<Crop>
        id="crop-table"
        size="small"
        rowKey="id"
        loading={crops.isFetching}
        columns={columns}
        dataSource={crops.data ?? []}
        pagination={shortTablePaging(crops.data?.length ?? 0, 8)}
      />
      {editor ? <CropFormModal record={editor.record} onClose={() => setEditor(null)} /> : null}
    </Modal>
  );
}
