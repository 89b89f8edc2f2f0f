import { buildApp } from './app.js';
import { startConfig } from './config.js';
import { listenMetrics } from './core/metrics.js';
import { sweepOrphanFiles } from './file-sweep.js';
import { banner } from './modules/seed/seed.js';
import { prepareServerData } from './startup.js';

async function main() {
  const config = startConfig();
  if (!config) process.exit(2);
  // Start-up steps, in order: migrate the schema, seed the platform, then (DEMO=1) the demo customer and its data, while
  // no other process of the same database does.
  const data = await prepareServerData(config);
  const built = await buildApp(config, data);
  const address = await built.app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', '127.0.0.1');
  console.log(banner(built.seedReport, url));
  // Metrics on a listener of their own (METRICS_PORT), on the loopback unless METRICS_HOST says otherwise.
  const metricsServer =
    config.metricsPort !== undefined
      ? await listenMetrics(built.metrics, { host: config.metricsHost, port: config.metricsPort, token: config.metricsToken })
      : null;
  // Files a crash left without their row are removed in the background, the server already answering (file-sweep.ts).
  sweepOrphanFiles({ db: built.db.db, storage: built.storage, log: built.app.log }, { graceMinutes: config.orphanGraceMinutes }).catch(
    (err: unknown) => built.app.log.error({ err }, 'orphan file sweep failed'),
  );
  const stop = async () => {
    metricsServer?.close();
    await built.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  console.error(`start failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
