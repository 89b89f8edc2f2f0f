import type { FormInstance } from 'antd';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/**
 * The dialog every system-administration form sits in (users, roles' permissions, customers, entitlements, passwords):
 * Save submits `form` (its button `submitId`, busy while `saving`), Cancel closes; a click beside it does not.
 */
export function SaveModal({
  title,
  submitId,
  submitDisabled,
  saving,
  form,
  onClose,
  width,
  children,
}: {
  title: string;
  submitId: string;
  submitDisabled?: boolean;
  saving: boolean;
  form: FormInstance;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: submitId, disabled: submitDisabled }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={width}
    >
      {children}
    </Modal>
  );
}
