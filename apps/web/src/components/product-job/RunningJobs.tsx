import { List, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A product job running for the customer, with its progress (0–100). */
export interface RunningJob {
  productId: number;
  name: string;
  progress: number;
}

/**
 * The other jobs running beside a make-a-product form (zoning, risk), or a hint that there are none; the page draws
 * each job (how it is opened differs). `prefix` names the classes (`zn` → zn-running, zn-hint).
 */
export function RunningJobs({
  prefix,
  testId,
  title,
  emptyText,
  jobs,
  renderJob,
}: {
  prefix: string;
  testId?: string;
  title: string;
  emptyText: string;
  jobs: RunningJob[];
  renderJob: (job: RunningJob) => ReactNode;
}) {
  return (
    <section className={`${prefix}-running`} aria-label={title}>
      <Typography.Text strong>{title}</Typography.Text>
      {jobs.length === 0 ? (
        <div className={`${prefix}-hint`}>{emptyText}</div>
      ) : (
        <List size="small" data-testid={testId} dataSource={jobs} renderItem={renderJob} />
      )}
    </section>
  );
}
