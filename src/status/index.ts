/**
 * The status page: the blogger's view of the daemon (overview, deals, one deal, logs) and the three operator
 * buttons, on its own listener. Server-rendered HTML from pure views (./views), one stylesheet and one small
 * script served by the app itself; every page works without JavaScript.
 *
 * Routes (under `basePath`):
 *   GET  /                       overview
 *   GET  /deals?page=&state=     deals, newest first, 25 a page
 *   GET  /deals/:id              one deal: timeline, log, webhook events, error, buttons
 *   POST /deals/:id/retry | /hand-in-again | /mark-handled    (CSRF-protected; 303 back with a flash message)
 *   GET  /logs?level=&blog=&refresh=off                      recent log lines, reloads every 10 s unless paused
 *   GET  /assets/status.css, /assets/status.js
 * Access control, CSRF and headers: see ./security.ts. The app (app.ts) wires one file per concern from ./routes
 * (overview, deals, actions, logs) around a shared page kit (routes/page-kit.ts); the listener is server.ts.
 */
export { createStatusApp } from './app.js';
export { DEALS_PAGE_SIZE } from './routes/deals.js';
export { LOGS_LIMIT, LOGS_REFRESH_SECONDS } from './routes/logs.js';
export { normalizeBasePath } from './routes/page-kit.js';
export { assertStatusListenAllowed, type StatusServer, startStatusServer } from './server.js';
export { createTargetsProbe } from './targets.js';
export type { StatusDeps } from './types.js';
export { type WatchScheduleReader, watchScheduleReader } from './watched.js';
