import { BugOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../stores/error-log';

// The dialog (and antd's table) loads only when someone looks at the log.
const ErrorLogDialog = lazy(() => import('./ErrorLogDialog').then((m) => ({ default: m.ErrorLogDialog })));

/** The bug button appears, with its count, only once an unhandled error was logged. */
export function ErrorLog() {
  const { t } = useTranslation();
  const count = useErrorLog((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (count === 0) return null;

  return (
    <>
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button
          id="error-log-button"
          type="text"
          danger
          className="navbar-button"
          aria-label={t('errorLog.open', { count })}
          icon={<BugOutlined aria-hidden />}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        />
      </Badge>
      {loaded ? (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
