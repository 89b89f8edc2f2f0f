import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@agromet/contracts/web';
import type { UserRow } from '@agromet/contracts';
import { Col, Form, Input, Modal, Row, Select, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditVersion } from '../../../components/admin-list/use-edit-version';
import { useCustomerOptions } from '../api/customers';
import { useRoleOptions } from '../api/roles';
import { fetchUser, useSaveUser, useUserRids } from '../api/users';
import { useRules } from '../components/use-rules';
import { NS } from '../i18n';
import { offeredRoles } from './offered-roles';
import { useFeedback } from '../../../lib/feedback';

interface FormValues {
  username: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  mobile: string;
  customerId: number | undefined;
  roleIds: number[];
  password?: string;
}

const MAX_ROLES = 50;

function formValuesOf(row: UserRow | null, defaultCustomerId: number | undefined): FormValues {
  if (!row) {
    return {
      username: '',
      firstName: '',
      lastName: '',
      name: '',
      email: '',
      mobile: '',
      customerId: defaultCustomerId,
      roleIds: [],
      password: '',
    };
  }
  return {
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    customerId: row.customerId,
    roleIds: row.roles.map((r) => r.id),
  };
}

const text = (v: string | undefined) => (v ?? '').trim();

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
  const { message } = useFeedback();
  const rules = useRules();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveUser();
  const { version, offerStale } = useEditVersion(record);
  const customers = useCustomerOptions();
  const customerId = Form.useWatch('customerId', form) as number | undefined;
  const roleOptions = useRoleOptions(customerId, customerId !== undefined);
  const rids = useUserRids(record?.id);
  const isSelf = record !== null && record.id === selfId;
  // Only roles the caller may grant are offered, and those the user already has (keeping is not granting).
  const kept = useMemo(
    () => (record && customerId === record.customerId ? (rids.data ?? record.roles.map((r) => r.id)) : []),
    [record, customerId, rids.data],
  );
  const roles = useMemo(() => offeredRoles(roleOptions.data ?? [], kept), [roleOptions.data, kept]);
  const label = (key: string) => t(`user.${key}`);

  useEffect(() => {
    if (rids.data) form.setFieldValue('roleIds', rids.data);
  }, [rids.data, form]);

  const onFinish = async (v: FormValues) => {
    const common = {
      firstName: text(v.firstName),
      lastName: text(v.lastName),
      name: text(v.name),
      email: text(v.email),
      mobile: text(v.mobile),
      customerId: v.customerId!,
      roleIds: v.roleIds ?? [],
    };
    try {
      if (record && version !== undefined) {
        await save.mutateAsync({ mode: 'update', body: { id: record.id, version, ...common } });
        void message.success(t('common.saved'));
      } else {
        await save.mutateAsync({ mode: 'create', body: { username: text(v.username), password: v.password ?? '', ...common } });
        void message.success(t('common.created'));
      }
      onClose();
    } catch (error) {
      if (!record) return;
      await offerStale(error, {
        fetchCurrent: () => fetchUser(record),
        onReload: (fresh) => form.setFieldsValue(formValuesOf(fresh, undefined)),
        onGone: onClose,
      });
    }
  };

  const loadingRoles = record !== null && rids.isPending;

  return (
    <Modal
      open
      title={record ? t('user.editTitle') : t('user.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'user-form-submit', disabled: loadingRoles }}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={600}
    >
      <Spin spinning={loadingRoles}>
        <Form<FormValues>
          form={form}
          name="user-form"
          layout="vertical"
          initialValues={formValuesOf(record, defaultCustomerId)}
          onFinish={(v) => void onFinish(v)}
        >
          <Form.Item
            name="username"
            label={label('username')}
            extra={record ? t('user.usernameFixed') : undefined}
            rules={record ? [] : [rules.required(label('username')), rules.pattern(USERNAME_PATTERN, 'username')]}
          >
            <Input maxLength={64} disabled={record !== null} autoComplete="off" />
          </Form.Item>
          <Form.Item name="name" label={label('name')} rules={[rules.required(label('name')), rules.max(label('name'), 64)]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="lastName" label={label('lastName')} rules={[rules.max(label('lastName'), 64)]}>
                <Input maxLength={64} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="firstName" label={label('firstName')} rules={[rules.max(label('firstName'), 64)]}>
                <Input maxLength={64} autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item name="email" label={label('email')} rules={[rules.email(), rules.max(label('email'), 128)]}>
                <Input maxLength={128} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="mobile" label={label('mobile')} rules={[rules.phone(), rules.max(label('mobile'), 32)]}>
                <Input maxLength={32} autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="customerId" label={label('customer')} rules={[rules.select(label('customer'))]}>
            <Select
              loading={customers.isPending}
              disabled={isSelf}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              onChange={() => form.setFieldValue('roleIds', [])}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item
            name="roleIds"
            label={label('roles')}
            extra={
              isSelf ? (
                t('user.self')
              ) : customerId === undefined ? (
                t('user.chooseCustomerFirst')
              ) : roles.withheld.length > 0 ? (
                <span id="user-roles-withheld">
                  {t('user.rolesWithheld', {
                    count: roles.withheld.length,
                    roles: roles.withheld.map((r) => r.name).join(t('user.listSeparator')),
                    codes: roles.withheldCodes.join(', '),
                  })}
                </span>
              ) : undefined
            }
            rules={[rules.maxItems(MAX_ROLES)]}
          >
            <Select
              mode="multiple"
              allowClear
              disabled={isSelf || customerId === undefined}
              loading={roleOptions.isFetching}
              options={roles.offered.map((r) => ({ value: r.id, label: r.name }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          {record ? null : (
            <Form.Item
              name="password"
              label={label('password')}
              rules={[rules.required(label('password')), rules.password(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)]}
            >
              <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
            </Form.Item>
          )}
        </Form>
      </Spin>
    </Modal>
  );
}
