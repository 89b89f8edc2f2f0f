import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { logUnlessShown } from '../../lib/shown-failure';
import { useFeedback } from '../../lib/feedback';

/**
 * Asks before deleting; on OK runs the deletion and shows "deleted". A refusal was already shown by
 * the request client, so the dialog just closes.
 */
export function useConfirmDelete() {
  const { modal, message } = useFeedback();
  const { t } = useTranslation();
  return useCallback(
    (name: string, remove: () => Promise<unknown>) => {
      modal.confirm({
        title: t('adminList.confirmDeleteTitle'),
        content: t('adminList.confirmDelete', { name }),
        okText: t('adminList.words.delete'),
        okType: 'danger',
        okButtonProps: { id: 'confirm-delete' },
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            await remove();
            void message.success(t('adminList.deleted'));
          } catch (error) {
            // A failed call is already shown as a toast.
            logUnlessShown(error, 'delete');
          }
        },
      });
    },
    [modal, message, t],
  );
}
