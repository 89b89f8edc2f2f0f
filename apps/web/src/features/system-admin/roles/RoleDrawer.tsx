import type { RoleRow } from '@agromet/contracts';
import { Alert, Button, Drawer, Form, Input, Select, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { useUserStore } from '../../../stores/user';
import { useCustomerOptions } from '../api/customers';
import { usePermissionAll } from '../api/permissions';
import { fetchRole, useGrantable, useSaveRole } from '../api/roles';
import { useRules } from '../components/use-rules';
import { NS } from '../i18n';
import { PermissionTree } from './PermissionTree';
import { withheldByCode } from './permission-tree';
import { useFeedback } from '../../../lib/feedback';

interface FormValues {
  customerId?: number;
  name: string;
  description: string;
  permissions: string[];
}

const MAX_CODES = 200;

function formValuesOf(row: RoleRow | null, customerId: number | undefined): FormValues {
  return row
    ? { name: row.name, description: row.description, permissions: [...row.permissions] }
    : { customerId, name: '', description: '', permissions: [] };
}

/** Create (record null) or edit a role: name, description and its permission codes. */
export function RoleDrawer({ record, onClose }: { record: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const rules = useRules();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveRole();
  const { version, offerStale } = useEditVersion(record);
  const ownCustomerId = useUserStore((s) => s.customerId);
  const permissions = usePermissionAll();
  const customers = useCustomerOptions(record === null);
  const chosenCustomerId = Form.useWatch('customerId', form) as number | undefined;
  // What may be granted depends on the role's customer: its entitlements, or the granter's codes in the platform's.
  const grantable = useGrantable(record?.customerId ?? chosenCustomerId ?? ownCustomerId ?? undefined);
  const withheld = useMemo(() => withheldByCode(grantable.data?.withheld ?? []), [grantable.data]);
  const [original, setOriginal] = useState<string[]>(record?.permissions ?? []);
  const label = (key: string) => t(`role.${key}`);

  const onFinish = async (v: FormValues) => {
    const common = { name: v.name.trim(), description: (v.description ?? '').trim(), permissions: v.permissions ?? [] };
    try {
      if (record && version !== undefined) {
        await save.mutateAsync({ mode: 'update', body: { id: record.id, version, ...common } });
        void message.success(t('common.saved'));
      } else {
        await save.mutateAsync({ mode: 'create', body: { ...common, ...(v.customerId ? { customerId: v.customerId } : {}) } });
        void message.success(t('common.created'));
      }
      onClose();
    } catch (error) {
      if (!record) return;
      await offerStale(error, {
        fetchCurrent: () => fetchRole(record),
        onReload: (fresh) => {
          setOriginal(fresh.permissions);
          form.setFieldsValue(formValuesOf(fresh, undefined));
        },
        onGone: onClose,
      });
    }
  };

  const customerChoices = customers.data ?? [];

  return (
    <Drawer
      open
      title={record ? t('role.editTitle') : t('role.createTitle')}
      size={600}
      onClose={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button id="role-form-submit" type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form<FormValues>
        form={form}
        name="role-form"
        layout="vertical"
        initialValues={formValuesOf(record, ownCustomerId ?? undefined)}
        onFinish={(v) => void onFinish(v)}
      >
        {record === null && customerChoices.length > 1 ? (
          <Form.Item name="customerId" label={label('customer')} rules={[rules.select(label('customer'))]}>
            <Select options={customerChoices.map((c) => ({ value: c.id, label: c.name }))} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        ) : null}
        <Form.Item name="name" label={label('name')} rules={[rules.required(label('name')), rules.max(label('name'), 64)]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={label('description')} rules={[rules.max(label('description'), 256)]}>
          <Input.TextArea maxLength={256} rows={2} showCount />
        </Form.Item>
        {withheld.size > 0 ? <Alert className="sa-notice" type="info" showIcon title={t('role.withheldNote')} /> : null}
        <Form.Item name="permissions" label={label('authorisation')} rules={[rules.maxItems(MAX_CODES)]}>
          {permissions.data && grantable.data ? (
            <PermissionTree permissions={permissions.data} withheld={withheld} original={original} />
          ) : (
            <Spin />
          )}
        </Form.Item>
      </Form>
    </Drawer>
  );
}
