import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { classifyConflict, isConflict } from './stale-version';

export interface StaleOfferOptions<T extends { version: number }> {
  /** The version the failed save carried. */
  sentVersion: number;
  /** The record as it is now (a silent call); null when it no longer exists. */
  fetchCurrent: () => Promise<T | null | undefined>;
  /** Put the fresh record in place of the edited one. */
  onReload: (current: T) => void;
  /** The record is gone: close the editor, refresh the list. */
  onGone?: () => void;
}

/**
 * After a save fails with 4009: the request client has already shown the server's message; when the
 * cause was a stale version, offer to load the current record (any other error: nothing more to do).
 */
export function useStaleOffer() {
  const { modal, message } = App.useApp();
  const { t } = useTranslation(NS);
  return useCallback(
    async <T extends { version: number }>(error: unknown, opts: StaleOfferOptions<T>): Promise<void> => {
      if (!isConflict(error)) return;
      let current: T | null | undefined;
      try {
        current = await opts.fetchCurrent();
      } catch {
        return;
      }
      const kind = classifyConflict(opts.sentVersion, current);
      if (kind === 'gone') {
        void message.warning(t('common.staleGone'));
        opts.onGone?.();
      } else if (kind === 'stale' && current) {
        const fresh = current;
        modal.confirm({
          title: t('common.staleTitle'),
          content: t('common.staleContent'),
          okText: t('common.staleReload'),
          cancelText: t('common.cancel'),
          okButtonProps: { id: 'stale-reload' },
          onOk: () => opts.onReload(fresh),
        });
      }
    },
    [modal, message, t],
  );
}
