import type { UserRow } from '@agromet/contracts';
import { Form, Spin, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { useFeedback } from '../../../lib/feedback';
import { fetchUser, useSaveUser, useUserRids } from '../api/users';
import { NS } from '../i18n';
import { SaveModal } from '../../../components/admin-list/SaveModal';
import { UserFormFields } from './UserFormFields';
import { newUserBody, userFields, userFormValues, type UserFormValues } from './user-form-values';

/** Saves the form: a new user or the edited one (a stale version offered to reload); closes when saved. */
function useSubmit(record: UserRow | null, form: FormInstance<UserFormValues>, onClose: () => void) {
  const { t } = useTranslation(NS);
  const { message } = useFeedback();
  const save = useSaveUser();
  const { version, offerStale } = useEditVersion(record);
  const submit = async (v: UserFormValues) => {
    try {
      if (record && version !== undefined) {
        await save.mutateAsync({ mode: 'update', body: { id: record.id, version, ...userFields(v) } });
        void message.success(t('common.saved'));
      } else {
        await save.mutateAsync({ mode: 'create', body: newUserBody(v) });
        void message.success(t('common.created'));
      }
      onClose();
    } catch (error) {
      if (!record) return;
      await offerStale(error, {
        fetchCurrent: () => fetchUser(record),
        onReload: (fresh) => form.setFieldsValue(userFormValues(fresh, undefined)),
        onGone: onClose,
      });
    }
  };
  return { submit, saving: save.isPending };
}

/**
 * Create (record null) or edit a user. The username is fixed once created; the roles of an edited user
 * come from GET /api/user/{id}/rids; roles are those of the chosen customer. Nobody edits their own roles.
 */
export function UserFormModal({
  record,
  selfId,
  defaultCustomerId,
  onClose,
}: {
  record: UserRow | null;
  selfId: number | null;
  defaultCustomerId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<UserFormValues>();
  const { submit, saving } = useSubmit(record, form, onClose);
  const rids = useUserRids(record?.id);
  const loadingRoles = record !== null && rids.isPending;

  useEffect(() => {
    if (rids.data) form.setFieldValue('roleIds', rids.data);
  }, [rids.data, form]);

  return (
    <SaveModal
      title={record ? t('user.editTitle') : t('user.createTitle')}
      submitId="user-form-submit"
      submitDisabled={loadingRoles}
      saving={saving}
      onSave={() => form.submit()}
      onClose={onClose}
      width={600}
    >
      <Spin spinning={loadingRoles}>
        <Form<UserFormValues>
          form={form}
          name="user-form"
          layout="vertical"
          initialValues={userFormValues(record, defaultCustomerId)}
          onFinish={(v) => void submit(v)}
        >
          <UserFormFields form={form} record={record} rids={rids.data} isSelf={record !== null && record.id === selfId} />
        </Form>
      </Spin>
    </SaveModal>
  );
}
