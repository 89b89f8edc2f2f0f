import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
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

/** "Edit" link of a table row. */
export function EditLink(props: ActionProps) {
  const { t } = useTranslation(NS);
  return (
    <Button type="link" icon={<EditOutlined aria-hidden />} {...props}>
      {t('common.edit')}
    </Button>
  );
}

/** "Delete" link of a table row (the extra props reach the button, so a Tooltip can wrap it). */
export function DeleteLink(props: ActionProps) {
  const { t } = useTranslation(NS);
  return (
    <Button type="link" danger icon={<DeleteOutlined aria-hidden />} {...props}>
      {t('common.delete')}
    </Button>
  );
}
