import { z } from 'zod';

export const JobStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type JobStatus = z.infer<typeof JobStatus>;

/** A long-running piece of work (grid import, product making, zoning run); poll it until done or failed. */
export const JobInfo = z.object({
  id: z.string(),
  kind: z.string(),
  status: JobStatus,
  /** 0–100. */
  progress: z.number().int(),
  /** Why the job failed, in the caller's language; null unless failed. */
  error: z.string().nullable(),
  /** The job's answer once done (e.g. the imported grid); null before. */
  result: z.unknown().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobInfo = z.infer<typeof JobInfo>;

export const JobParams = z.strictObject({ id: z.string().trim().min(1).max(64) });

export const JobCreated = z.object({ jobId: z.string() });

/** Kinds of job, each named in the console's words (docs/architecture.md#how-a-job-runs). */
export const JOB_KINDS = [
  'grid.import',
  'revise.issue',
  'zoning.execute',
  'zoning.regrid',
  'zoning.importGrid',
  'product.make',
  'risk.execute',
] as const;

/** A job as a list shows it: no result (it can be large); the page that made it reads that with GET /api/job/:id. */
export const JobSummary = JobInfo.omit({ result: true });
export type JobSummary = z.infer<typeof JobSummary>;

/** The caller's own jobs: every one still queued or running, then the latest finished ones of the last 7 days. */
export const RecentJobs = z.object({ active: z.array(JobSummary), finished: z.array(JobSummary) });
export type RecentJobs = z.infer<typeof RecentJobs>;
