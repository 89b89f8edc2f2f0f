import type pg from 'pg';
import { PUBLIC_COMMENT_LIMIT } from '@agromet/contracts';
import type { Cluster } from '../cluster.js';
import { call } from '../cluster-fixtures.js';

/**
 * The reliability suite's operations step (docs/reliability.md#the-reliability-suite, docs/operations.md):
 * - the public comment limit across processes: comments from one address posted alternately through the API processes
 *   (each trusting nginx's X-Forwarded-For) are accepted exactly one process's worth (PUBLIC_COMMENT_LIMIT.count), the
 *   rest refused 429 (4290), and as many rows are in the database;
 * - metrics: every member's own listener (METRICS_PORT) answers /metrics with the request counters, the queue depth and
 *   the job metrics; through nginx /metrics is 404 in the envelope (with or without a token), under any spelling;
 * - health: every API process is live and ready.
 * Bounded: a dozen calls per process and one scrape each.
 */
export interface OperationsReport {
  commentsPosted: number;
  commentsAccepted: number;
  commentsRefused: number;
  commentRows: number;
  /** Members whose /metrics answered with the series looked for. */
  metricsScraped: number;
  metricsMembers: number;
  /** Spellings of /metrics nginx passed on to a process (must be none). */
  metricsThroughNginx: string[];
  notReady: string[];
  failures: string[];
}

const SERIES = ['agromet_http_requests_total', 'agromet_job_queue_depth', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes'];

export async function operationsStep(opts: { cluster: Cluster; db: pg.Pool }): Promise<OperationsReport> {
  const { cluster, db } = opts;
  const failures: string[] = [];
  const apis = Object.values(cluster.apis);

  // ---- the comment limit, shared through Redis ----
  const spot = (await db.query<{ id: number }>('select id from travel_spot where published = 1 order by id limit 1')).rows[0];
  if (!spot) throw new Error('no published demo spot to comment on');
  const address = '198.51.100.201';
  const before = Number((await db.query('select count(*) as n from travel_comment where target_id = $1', [spot.id])).rows[0].n);
  const posted = PUBLIC_COMMENT_LIMIT.count * apis.length + 2;
  let accepted = 0;
  let refused = 0;
  for (let k = 0; k < posted; k += 1) {
    const o = await call(`${apis[k % apis.length]}/api/public/travel/comments`, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      json: { targetType: 'spot', targetId: spot.id, rating: 4, text: `reliability ${k}`, nickname: 'ops' },
    });
    if (o.ok) accepted += 1;
    else if (o.status === 429 && o.code === 4290) refused += 1;
    else failures.push(`comment ${k}: ${o.status} ${JSON.stringify(o.body).slice(0, 160)}`);
  }
  const rows = Number((await db.query('select count(*) as n from travel_comment where target_id = $1', [spot.id])).rows[0].n) - before;
  if (accepted !== PUBLIC_COMMENT_LIMIT.count || rows !== accepted)
    failures.push(
      `comment limit across ${apis.length} processes: ${accepted} accepted, ${rows} rows (one process's worth: ${PUBLIC_COMMENT_LIMIT.count})`,
    );

  // ---- metrics on each member's own listener; never through nginx ----
  let scraped = 0;
  for (const [name, url] of Object.entries(cluster.metrics)) {
    const o = await call(url);
    const text = typeof o.body === 'string' ? o.body : '';
    const missing = SERIES.filter((s) => !new RegExp(`^${s}[{ ]`, 'm').test(text) && !text.includes(`# TYPE ${s} `));
    if (o.status === 200 && missing.length === 0) scraped += 1;
    else failures.push(`metrics of ${name}: ${o.status}, missing ${missing.join(', ')}`);
  }
  const through: string[] = [];
  for (const spelling of ['/metrics', '/metrics/', '/metrics?x=1', '//metrics', '/%6detrics', '/api/../metrics', '/metrics/../metrics']) {
    const o = await call(`${cluster.url}${spelling}`, { headers: { authorization: 'Bearer not-the-token' } });
    const text = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    if (o.status !== 404 || o.code !== 4004 || text.includes('agromet_http_requests_total')) through.push(`${spelling} (${o.status})`);
  }
  if (through.length) failures.push(`/metrics passed on by nginx: ${through.join(', ')}`);

  // ---- health ----
  const notReady: string[] = [];
  for (const [name, api] of Object.entries(cluster.apis)) {
    const live = await call(`${api}/api/health/live`);
    const ready = await call(`${api}/api/health/ready`);
    if (!live.ok || !ready.ok) notReady.push(`${name} (live ${live.status}, ready ${ready.status})`);
  }
  if (notReady.length) failures.push(`not live or ready: ${notReady.join(', ')}`);

  return {
    commentsPosted: posted,
    commentsAccepted: accepted,
    commentsRefused: refused,
    commentRows: rows,
    metricsScraped: scraped,
    metricsMembers: Object.keys(cluster.metrics).length,
    metricsThroughNginx: through,
    notReady,
    failures,
  };
}
