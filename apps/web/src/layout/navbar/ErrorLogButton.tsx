import { BugOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (and antd's table) loads only when someone looks at the log.
const ErrorLogDialog = lazy(() => import('./ErrorLogDialog').then((m) => ({ default: m.ErrorLogDialog })));

/** The bug button with its count (its own chunk with antd's badge: ErrorLog loads it once an error was logged). */
export function ErrorLogButton({ count }: { count: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

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
