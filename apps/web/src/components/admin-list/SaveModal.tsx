import { Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dialog a record's form sits in (users, customers, official accounts, sends, …): Save runs `onSave` (its button
 * `submitId`, busy while `saving`), Cancel closes; a click beside it does not, so typed fields are not lost to a stray
 * click.
 */
export function SaveModal({
  title,
  submitId,
  submitDisabled,
  saving,
  onSave,
  onClose,
  width,
  children,
  ...placing
}: {
  title: string;
  submitId: string;
  submitDisabled?: boolean;
  saving: boolean;
  /** Submits the form (`() => form.submit()`), or checks and saves what the dialog holds. */
  onSave: () => void;
  onClose: () => void;
  width?: number;
  children: ReactNode;
} & Pick<ModalProps, 'mask' | 'focusable' | 'wrapClassName' | 'style'>) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={t('adminList.words.save')}
      cancelText={t('adminList.words.cancel')}
      okButtonProps={{ id: submitId, disabled: submitDisabled }}
      confirmLoading={saving}
      onOk={onSave}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={width}
      {...placing}
    >
      {children}
    </Modal>
  );
}
