import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useFeedback } from '../../lib/feedback';
import { logUnlessShown } from '../../lib/shown-failure';
import type { ToolbarAction } from './ListPageView';

/**
 * A toolbar action that saves a file (an export of the list): loading while `run` works, then `saved(file)` said with
 * the file's name. A failed call is shown by the request client; anything else goes to the error log under `where`.
 */
export function useExportAction({
  id,
  label,
  run,
  saved,
  where,
}: {
  id: string;
  label: string;
  /** Saves the file; resolves its name. */
  run: () => Promise<string>;
  saved: (file: string) => string;
  where: string;
}): ToolbarAction {
  const { message } = useFeedback();
  const [exporting, setExporting] = useState(false);
  const onClick = async () => {
    setExporting(true);
    try {
      void message.success(saved(await run()));
    } catch (error) {
      logUnlessShown(error, where);
    } finally {
      setExporting(false);
    }
  };
  return { id, label, icon: <DownloadOutlined aria-hidden />, loading: exporting, onClick: () => void onClick() };
}
