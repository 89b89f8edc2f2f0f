/**
 * What the pages of products made in the background (zoning, risk, map products) share: the four stages every job
 * goes through (queued → running → done or failed), their tag colours, and how a page polls while one is being made.
 */
export type JobStage = 'queued' | 'running' | 'done' | 'failed';

/** How often a page asks after products being made. */
export const PROGRESS_POLL_MS = 1000;

/** Still being made: queued or running. */
export const isActive = (status: JobStage): boolean => status === 'queued' || status === 'running';

/** The tag colour of each stage. */
export const STATUS_COLORS = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** A page of products' `refetchInterval`: polled while one on the page is still being made. */
export const pollWhileAnyActive = (q: { state: { data?: { list: { status: JobStage }[] } } }) =>
  q.state.data?.list.some((p) => isActive(p.status)) ? PROGRESS_POLL_MS : false;

/** One product's `refetchInterval`: polled until it is done or failed. */
export const pollUntilFinished = (q: { state: { data?: { status: JobStage } } }) =>
  q.state.data && !isActive(q.state.data.status) ? false : PROGRESS_POLL_MS;

/** The running products' `refetchInterval`: polled while there are any. */
export const pollWhileAny = (q: { state: { data?: readonly unknown[] } }) => ((q.state.data?.length ?? 0) > 0 ? PROGRESS_POLL_MS : false);
