import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyConflict, isConflict } from '../../lib/stale-version';
import { useFeedback } from '../../lib/feedback';

export interface StaleOfferOptions<T extends { version: number }> {
  /** The record as it is now (a silent call); null when it no longer exists. */
  fetchCurrent: () => Promise<T | null | undefined>;
  /** Put the fresh record in place of the edited one (its version is taken over already). */
  onReload: (current: T) => void;
  /** The record is gone: close the editor, refresh the list. */
  onGone?: () => void;
}

/**
 * The version an edit of `record` is saved with (undefined when creating), and `offerStale` for when a save failed.
 * After a 4009 the request client has already shown the server's message; when the cause was a stale version,
 * `offerStale` offers to load the current record, whose version the next save then carries; when the record is
 * gone it says so. Any other error: nothing more to do.
 */
export function useEditVersion(record: { version: number } | null) {
  const { modal, message } = useFeedback();
  const { t } = useTranslation();
  const [version, setVersion] = useState(record?.version);
  const offerStale = useCallback(
    async <T extends { version: number }>(error: unknown, opts: StaleOfferOptions<T>): Promise<void> => {
      if (version === undefined || !isConflict(error)) return;
      let current: T | null | undefined;
      try {
        current = await opts.fetchCurrent();
      } catch {
        return;
      }
      const kind = classifyConflict(version, current);
      if (kind === 'gone') {
        void message.warning(t('adminList.staleGone'));
        opts.onGone?.();
      } else if (kind === 'stale' && current) {
        const fresh = current;
        modal.confirm({
          title: t('adminList.staleTitle'),
          content: t('adminList.staleContent'),
          okText: t('adminList.staleReload'),
          cancelText: t('common.cancel'),
          okButtonProps: { id: 'stale-reload' },
          onOk: () => {
            setVersion(fresh.version);
            opts.onReload(fresh);
          },
        });
      }
    },
    [modal, message, t, version],
  );
  return { version, offerStale };
}
