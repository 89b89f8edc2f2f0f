import { useEffect, useState } from 'react';
import { fetchPreview } from '../api/library';

export type PreviewState = { status: 'loading' } | { status: 'none' } | { status: 'ready'; url: string; type: string };

/** An item's preview (or thumbnail) as an object URL, revoked when the item changes or the component goes. */
export function usePreview(id: string, enabled: boolean, thumb = false): PreviewState {
  const [state, setState] = useState<PreviewState>(enabled ? { status: 'loading' } : { status: 'none' });
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'none' });
      return;
    }
    let url: string | undefined;
    let live = true;
    setState({ status: 'loading' });
    fetchPreview(id, thumb).then(
      (answer) => {
        if (!live) {
          URL.revokeObjectURL(answer.url);
          return;
        }
        url = answer.url;
        setState({ status: 'ready', ...answer });
      },
      () => live && setState({ status: 'none' }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, enabled, thumb]);
  return state;
}
