import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/**
 * Asks before deleting; on OK runs the deletion and shows "deleted". A refusal was already shown by
 * the request client, so the dialog just closes.
 */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation(NS);
  return useCallback(
    (name: string, remove: () => Promise<unknown>) => {
      modal.confirm({
        title: t('common.confirmDeleteTitle'),
        content: t('common.confirmDelete', { name }),
        okText: t('common.delete'),
        okType: 'danger',
        okButtonProps: { id: 'confirm-delete' },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            await remove();
            void message.success(t('common.deleted'));
          } catch {
            // already shown as a toast
          }
        },
      });
    },
    [modal, message, t],
  );
}
