import { Button, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLanguage } from '../../lib/i18n';
import { useErrorLog, type ErrorLogEntry } from '../../stores/error-log';
import { formatTimeAgo } from '../../utils/relative-time';

/** The error log dialog is 80 % wide (docs/console.md#error-log). */
const DIALOG_WIDTH = '80%';

/** Every logged error: message (and when), component info, URL and stack; Clear All empties it. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clear);
  const locale = isLanguage(i18n.language) ? HTML_LANG[i18n.language] : 'en';

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH}
      title={t('errorLog.title')}
      className="error-log-dialog"
      onCancel={onClose}
      footer={
        <Button
          id="error-log-clear"
          danger
          onClick={() => {
            clear();
            onClose();
          }}
        >
          {t('errorLog.clearAll')}
        </Button>
      }
    >
      <Table<ErrorLogEntry>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={logs}
        scroll={{ x: 900, y: '60vh' }}
        columns={[
          {
            key: 'message',
            title: t('errorLog.message'),
            width: 260,
            render: (_, e) => (
              <>
                <Typography.Text type="danger" className="error-log-message">
                  {e.message}
                </Typography.Text>
                <div className="error-log-time">
                  <time dateTime={new Date(e.time).toISOString()}>{formatTimeAgo(e.time, Date.now(), locale)}</time>
                </div>
              </>
            ),
          },
          { key: 'info', title: t('errorLog.info'), width: 260, render: (_, e) => <pre className="error-log-pre">{e.info.trim()}</pre> },
          { key: 'url', title: t('errorLog.url'), width: 220, render: (_, e) => <span className="error-log-url">{e.url}</span> },
          { key: 'stack', title: t('errorLog.stack'), render: (_, e) => <pre className="error-log-pre">{e.stack}</pre> },
        ]}
      />
    </Modal>
  );
}
