/**
 * What the server's processes (`dist/main.js`, `dist/worker.js`) are started with: `node <flags> dist/main.js`. The
 * package scripts (npm start, serve, worker) spell them out, and a test holds them to this list; the browser tests and
 * the benches start their servers with it.
 *
 * The old generation starts at 256 MB instead of growing from a few: the server's live heap is about 70 MB, and V8
 * otherwise sets the next full collection only ten-odd megabytes above it, so that the arrays a large revision of a
 * national grid allocates (tens of megabytes) set off a full marking of those 70 MB every revision or two, 30–50 ms of
 * the request thread each (docs/architecture.md#memory).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=256'];
