import { PERMISSION_CODE_PATTERN } from '@agromet/contracts/web';
import type { PermissionRow } from '@agromet/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordSave } from '../../../components/admin-list/use-record-save';
import { fetchPermission, useSavePermission } from '../api/permissions';
import { useRules } from '../components/use-rules';
import { NS } from '../i18n';
import { SaveModal } from '../../../components/admin-list/SaveModal';

interface FormValues {
  code: string;
  name: string;
  description: string;
}

function formValuesOf(row: PermissionRow | null): FormValues {
  return row ? { code: row.code, name: row.name, description: row.description } : { code: '', name: '', description: '' };
}

/** Create (record null) or edit a permission code; a built-in code keeps its code. */
export function PermissionFormModal({ record, onClose }: { record: PermissionRow | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePermission();
  const label = (key: string) => t(`permission.${key}`);

  const onFinish = useRecordSave({
    record,
    form,
    save: (input) => save.mutateAsync(input),
    body: (v: FormValues) => ({ code: v.code.trim(), name: v.name.trim(), description: (v.description ?? '').trim() }),
    // The request client shows the server's complaints; none goes under a field here.
    fields: [],
    current: (r) => fetchPermission(r.id),
    reload: (fresh) => form.setFieldsValue(formValuesOf(fresh)),
    onSaved: onClose,
    onClose,
  });

  return (
    <SaveModal
      title={record ? t('permission.editTitle') : t('permission.createTitle')}
      submitId="permission-form-submit"
      saving={save.isPending}
      onSave={() => form.submit()}
      onClose={onClose}
    >
      <Form<FormValues>
        form={form}
        name="permission-form"
        layout="vertical"
        initialValues={formValuesOf(record)}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="code"
          label={label('code')}
          extra={record?.builtin ? t('permission.builtinCodeFixed') : undefined}
          rules={[rules.required(label('code')), rules.pattern(PERMISSION_CODE_PATTERN, 'code')]}
        >
          <Input maxLength={96} disabled={record?.builtin} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="name" label={label('name')} rules={[rules.required(label('name')), rules.max(label('name'), 96)]}>
          <Input maxLength={96} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={label('description')} rules={[rules.max(label('description'), 256)]}>
          <Input.TextArea maxLength={256} rows={3} showCount />
        </Form.Item>
      </Form>
    </SaveModal>
  );
}
