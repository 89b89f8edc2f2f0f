import type { FileState } from '@agromet/contracts';
import { Button, Progress, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format-size';
import { logUnlessShown } from '../../../lib/shown-failure';
import { downloadIssueFile, downloadIssueZip, useExportJob, type useFileStates } from './api';
import { REVISE_EDIT_NS } from './i18n';

const STATUS_COLOR: Record<FileState['status'], string> = { pending: 'processing', exported: 'success', failed: 'error' };
export const timeLabel = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The export of an issue while it runs: its job's progress, from the moment the issue is made. */
function ExportProgress({ jobId }: { jobId: string }) {
  const job = useExportJob(jobId, true);
  return <Progress className="issue-export-progress" percent={job.data?.progress ?? 0} size="small" status="active" />;
}

/** The issued forecasts, newest first: when, what, by whom, the export's state, and each one's files to download. */
export function IssuedFilesTable({
  files,
  page,
  onPage: setPage,
}: {
  files: ReturnType<typeof useFileStates>;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(REVISE_EDIT_NS);
  return (
    <Table<FileState>
      rowKey="id"
      size="small"
      data-testid="issue-file-table"
      loading={files.isLoading}
      dataSource={files.data?.list ?? []}
      locale={{ emptyText: t('issue.noFiles') }}
      pagination={{ current: page, pageSize: 10, total: files.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('issue.issuedAt'), dataIndex: 'createdAt', render: timeLabel },
        { title: t('issue.type'), dataIndex: 'typeName' },
        { title: t('issue.baseTime'), dataIndex: 'baseTime', render: timeLabel },
        { title: t('issue.seq'), dataIndex: 'seq' },
        { title: t('issue.issuedBy'), dataIndex: 'userName' },
        {
          title: t('issue.status'),
          dataIndex: 'status',
          render: (status: FileState['status'], row) => (
            <>
              <Tag color={STATUS_COLOR[status]} title={row.error ?? undefined} className={`issue-status-${status}`}>
                {t(`issue.statuses.${status}`)}
              </Tag>
              {status === 'pending' ? <ExportProgress jobId={row.jobId} /> : null}
            </>
          ),
        },
      ]}
      expandable={{
        rowExpandable: (row) => row.files.length > 0,
        expandedRowRender: (row) => (
          <Space direction="vertical" size={2}>
            {row.status === 'exported' ? (
              <Button
                size="small"
                className="issue-zip"
                onClick={() =>
                  void downloadIssueZip(row.id, `${row.type}_${row.baseTime.slice(0, 13).replace(/[-:T]/g, '')}_${row.seq}.zip`).catch(
                    (e: unknown) => logUnlessShown(e, 'issue zip'),
                  )
                }
              >
                {t('issue.downloadAll', { count: row.files.length })}
              </Button>
            ) : null}
            {row.files.map((f) => (
              <Space key={f.id} size={8} className="issue-file" data-name={f.name}>
                <Typography.Text code>{f.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('issue.lead', { hours: f.lead })} · {formatSize(f.size)}
                </Typography.Text>
                <Button size="small" type="link" onClick={() => void downloadIssueFile(f.id, f.name)}>
                  {t('issue.download')}
                </Button>
              </Space>
            ))}
          </Space>
        ),
      }}
    />
  );
}
