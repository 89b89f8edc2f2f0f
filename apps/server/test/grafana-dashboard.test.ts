import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The Grafana dashboard (deploy/grafana/agromet-dashboard.json) names only metrics that exist: every target's PromQL
 * is read, its metric names taken out, and each found in what /metrics serves after some traffic.
 */
const DASHBOARD = path.resolve(import.meta.dirname, '../../../deploy/grafana/agromet-dashboard.json');
const METRICS_TOKEN = `mt-${randomBytes(16).toString('hex')}`;
/** Only PostgreSQL has a connection pool (core/db/index.ts). */
const POSTGRES_ONLY = ['agromet_db_pool_connections', 'agromet_db_pool_max'];

const FUNCTIONS = new Set(
  'sum avg min max count rate irate increase histogram_quantile topk bottomk abs clamp_min clamp_max delta deriv sort sort_desc time vector scalar label_replace by without on ignoring group_left group_right bool and or unless offset'.split(
    ' ',
  ),
);

/** The metric names a PromQL expression reads: label matchers, groupings, ranges and strings taken out first. */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)].map((m) => m[0]).filter((name) => !FUNCTIONS.has(name));
}

/** Every series name /metrics serves, and the parts (_bucket, _sum, _count) of each histogram it declares. */
function servedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      names.add(type[1]!);
      if (type[2] === 'histogram') for (const part of ['_bucket', '_sum', '_count']) names.add(`${type[1]}${part}`);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]/.exec(line);
    if (sample) names.add(sample[1]!);
  }
  return names;
}

interface Panel {
  title: string;
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('the Grafana dashboard', () => {
  it('reads metric names out of PromQL', () => {
    expect(
      metricNames('histogram_quantile(0.95, sum by (le, route) (rate(agromet_http_request_duration_seconds_bucket{role="api"}[5m])))'),
    ).toEqual(['agromet_http_request_duration_seconds_bucket']);
    expect(metricNames('sum by (limit) (rate(agromet_limit_refusals_total[5m])) * 60 + max(process_resident_memory_bytes)')).toEqual([
      'agromet_limit_refusals_total',
      'process_resident_memory_bytes',
    ]);
  });

  it('queries only metrics /metrics serves after some traffic', async () => {
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
    const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
    const named = new Map<string, string>();
    for (const panel of panels)
      for (const target of panel.targets ?? []) for (const name of metricNames(target.expr)) named.set(name, panel.title);
    expect(named.size).toBeGreaterThan(10);

    const t = await createTestApp({ METRICS_TOKEN });
    apps.push(t);
    for (const url of ['/api/health/live', '/api/health/ready', '/api/no-such-call']) await t.app.inject({ method: 'GET', url });
    await t.login('admin');
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const served = servedNames(res.body);
    const postgres = t.db.dialect === 'postgres';
    const missing = [...named]
      .filter(([name]) => !served.has(name))
      .filter(([name]) => postgres || !POSTGRES_ONLY.includes(name))
      .map(([name, title]) => `${name} (${title})`);
    expect(missing).toEqual([]);
    // The PostgreSQL-only series are there on PostgreSQL and only there.
    for (const name of POSTGRES_ONLY) expect(served.has(name)).toBe(postgres);
  });
});
