import { AppstoreAddOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/admin-list/table-columns';
import { NS } from '../i18n';

type ActionProps = Omit<ButtonProps, 'type' | 'icon' | 'children' | 'danger'>;

/** "New" in a list page's toolbar. */
export function CreateButton(props: ActionProps) {
  const { t } = useTranslation(NS);
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} {...props}>
      {t('common.create')}
    </Button>
  );
}

/** "Edit" icon button of a table row (its name in a tooltip, so that the action column stays narrow). */
export function EditLink(props: ActionProps) {
  const { t } = useTranslation(NS);
  return <RowAction icon={<EditOutlined aria-hidden />} label={t('common.edit')} {...props} />;
}

/** "Delete" icon button of a table row; `tip` replaces its tooltip (why it is disabled). */
export function DeleteLink(props: ActionProps & { tip?: string }) {
  const { t } = useTranslation(NS);
  return <RowAction danger icon={<DeleteOutlined aria-hidden />} label={t('common.delete')} {...props} />;
}

/** "Modules" icon button of a customer's row: the platform edits what the customer has bought. */
export function EntitlementsLink(props: ActionProps & { 'data-customer'?: number }) {
  const { t } = useTranslation(NS);
  return <RowAction icon={<AppstoreAddOutlined aria-hidden />} label={t('customer.entitlementsEdit')} {...props} />;
}
