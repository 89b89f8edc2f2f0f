import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { useErrorLog } from '../../stores/error-log';

// The button (antd's badge) loads once there is something to show; the dialog (and antd's table) when it is opened.
const ErrorLogButton = lazyPart(() => import('./ErrorLogButton').then((m) => m.ErrorLogButton));

/** The bug button appears, with its count, only once an unhandled error was logged. */
export function ErrorLog() {
  const count = useErrorLog((s) => s.logs.length);
  if (count === 0) return null;
  return (
    <Suspense fallback={null}>
      <ErrorLogButton count={count} />
    </Suspense>
  );
}
