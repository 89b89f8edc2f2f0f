import type { Customer } from '@agromet/contracts';
import { Alert, Form, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { fetchCustomer, useSaveEntitlements } from '../api/customers';
import { usePermissionAll } from '../api/permissions';
import { NS } from '../i18n';
import { SaveModal } from '../../../components/admin-list/SaveModal';
import { PermissionTree } from '../roles/PermissionTree';
import { platformCodesWithheld } from '../roles/permission-tree';
import { useFeedback } from '../../../lib/feedback';

interface FormValues {
  entitlements: string[];
}

/**
 * The platform's editor of what a customer has bought (docs/security.md#entitlements): the permission codes in groups
 * like the menu, the platform's own codes greyed with their reason. The customer's administrators make roles from these.
 */
export function EntitlementsModal({ record, onClose }: { record: Customer; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveEntitlements();
  const { version, offerStale } = useEditVersion(record);
  const permissions = usePermissionAll();
  const withheld = useMemo(() => platformCodesWithheld(permissions.data ?? []), [permissions.data]);

  const onFinish = async (v: FormValues) => {
    if (version === undefined) return;
    try {
      await save.mutateAsync({ id: record.id, version, entitlements: v.entitlements ?? [] });
      void message.success(t('customer.entitlementsSaved'));
      onClose();
    } catch (error) {
      await offerStale(error, {
        fetchCurrent: () => fetchCustomer(record.id),
        onReload: (fresh) => form.setFieldsValue({ entitlements: fresh.entitlements }),
        onGone: onClose,
      });
    }
  };

  return (
    <SaveModal
      title={t('customer.entitlementsTitle', { name: record.name })}
      submitId="entitlements-submit"
      saving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
      width={640}
    >
      <Alert className="sa-notice" type="info" showIcon title={t('customer.entitlementsHelp')} />
      <Form<FormValues>
        form={form}
        name="entitlements-form"
        layout="vertical"
        initialValues={{ entitlements: record.entitlements }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="entitlements" noStyle>
          {permissions.data ? (
            <PermissionTree id="entitlements-tree" permissions={permissions.data} withheld={withheld} original={[]} />
          ) : (
            <Spin />
          )}
        </Form.Item>
      </Form>
    </SaveModal>
  );
}
