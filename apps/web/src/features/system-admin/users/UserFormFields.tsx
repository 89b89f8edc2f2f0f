import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@agromet/contracts/web';
import type { UserRow } from '@agromet/contracts';
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerOptions } from '../api/customers';
import { useRoleOptions } from '../api/roles';
import { useRules } from '../components/use-rules';
import { NS } from '../i18n';
import { offeredRoles } from './offered-roles';
import type { UserFormValues } from './user-form-values';

const MAX_ROLES = 50;

/** The `password` field of a new user or of a reset: required, within the server's length limits. */
export function PasswordField({ label }: { label: string }) {
  const rules = useRules();
  return (
    <Form.Item name="password" label={label} rules={[rules.required(label), rules.password(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)]}>
      <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="new-password" />
    </Form.Item>
  );
}

/** Two fields side by side (one above the other on a narrow screen). */
function Pair({ children }: { children: [ReactNode, ReactNode] }) {
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        {children[0]}
      </Col>
      <Col xs={24} sm={12}>
        {children[1]}
      </Col>
    </Row>
  );
}

/** Username (fixed once created), names, e-mail and mobile. */
function IdentityFields({ editing }: { editing: boolean }) {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const label = (key: string) => t(`user.${key}`);
  const text = (name: keyof UserFormValues, max: number, extra: ReturnType<typeof useRules>['email'][] = []) => (
    <Form.Item name={name} label={label(name)} rules={[...extra.map((r) => r()), rules.max(label(name), max)]}>
      <Input maxLength={max} autoComplete="off" />
    </Form.Item>
  );
  return (
    <>
      <Form.Item
        name="username"
        label={label('username')}
        extra={editing ? t('user.usernameFixed') : undefined}
        rules={editing ? [] : [rules.required(label('username')), rules.pattern(USERNAME_PATTERN, 'username')]}
      >
        <Input maxLength={64} disabled={editing} autoComplete="off" />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={[rules.required(label('name')), rules.max(label('name'), 64)]}>
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Pair>{[text('lastName', 64), text('firstName', 64)]}</Pair>
      <Pair>{[text('email', 128, [rules.email]), text('mobile', 32, [rules.phone])]}</Pair>
    </>
  );
}

interface FieldsProps {
  form: FormInstance<UserFormValues>;
  /** The user edited; null for a new one. */
  record: UserRow | null;
  /** An edited user's role ids from GET /api/user/{id}/rids, once they came. */
  rids: number[] | undefined;
  /** The user edited is the one signed in. */
  isSelf: boolean;
}

/**
 * The customer and its roles. Only roles the caller may grant are offered, and those the user already has (keeping
 * is not granting); the others are named in one line. Nobody changes their own customer or roles.
 */
function CustomerAndRoles({ form, record, rids, isSelf }: FieldsProps) {
  const { t } = useTranslation(NS);
  const rules = useRules();
  const customers = useCustomerOptions();
  const customerId = Form.useWatch('customerId', form) as number | undefined;
  const roleOptions = useRoleOptions(customerId, customerId !== undefined);
  const kept = useMemo(
    () => (record && customerId === record.customerId ? (rids ?? record.roles.map((r) => r.id)) : []),
    [record, customerId, rids],
  );
  const roles = useMemo(() => offeredRoles(roleOptions.data ?? [], kept), [roleOptions.data, kept]);
  const withheld =
    roles.withheld.length > 0 ? (
      <span id="user-roles-withheld">
        {t('user.rolesWithheld', {
          count: roles.withheld.length,
          roles: roles.withheld.map((r) => r.name).join(t('user.listSeparator')),
          codes: roles.withheldCodes.join(', '),
        })}
      </span>
    ) : undefined;
  return (
    <>
      <Form.Item name="customerId" label={t('user.customer')} rules={[rules.select(t('user.customer'))]}>
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
        label={t('user.roles')}
        extra={isSelf ? t('user.self') : customerId === undefined ? t('user.chooseCustomerFirst') : withheld}
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
    </>
  );
}

/** The fields of the user form; a new user's initial password too. */
export function UserFormFields(props: FieldsProps) {
  const { record } = props;
  const { t } = useTranslation(NS);
  return (
    <>
      <IdentityFields editing={record !== null} />
      <CustomerAndRoles {...props} />
      {record ? null : <PasswordField label={t('user.password')} />}
    </>
  );
}
