import type { JobSummary } from '@agromet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Progress, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { request } from '../../../lib/request';

/** While a job runs the card asks again this often (ms); with none running it waits for the next visit. */
const POLL_MS = 3000;

const STATUS_COLOR: Record<JobSummary['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** The user's own jobs (imports, issuing, zoning runs, products, risk): running ones with progress, then the latest results. */
export default function JobsCard() {
  const { t } = useTranslation();
  const jobs = useQuery({
    queryKey: ['dashboard', 'jobs'],
    queryFn: ({ signal }) => request('jobRecent', { signal }),
    refetchInterval: (query) => ((query.state.data?.active.length ?? 0) > 0 ? POLL_MS : false),
  });
  const rows = [...(jobs.data?.active ?? []), ...(jobs.data?.finished ?? [])];
  const kind = (k: string) => t(`dashboard.jobs.kinds.${k.replace(/\./g, '_')}`, { defaultValue: k });

  return (
    <Card title={t('dashboard.jobs.title')} loading={jobs.isPending} className="dashboard-card-body">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.jobs.empty')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(job) => (
            <List.Item className="dashboard-job" data-status={job.status}>
              <div className="dashboard-job-line">
                <Typography.Text strong>{kind(job.kind)}</Typography.Text>
                <Tag color={STATUS_COLOR[job.status]}>{t(`dashboard.jobs.status.${job.status}`)}</Tag>
                <Typography.Text type="secondary">{dayjs(job.updatedAt).format('MM-DD HH:mm')}</Typography.Text>
              </div>
              {job.status === 'running' || job.status === 'queued' ? <Progress percent={job.progress} size="small" /> : null}
              {job.status === 'failed' && job.error ? <Typography.Text type="danger">{job.error}</Typography.Text> : null}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
