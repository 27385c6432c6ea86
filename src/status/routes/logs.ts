/** GET /logs?level=&blog=&refresh=off — recent log lines, reloading every 10 s unless paused. */
import type { Router } from 'express';
import { LOG_LEVELS } from '../../deals/record.js';
import { parseChoice, parsePositiveInt } from '../format.js';
import { scrubLog } from '../scrub-records.js';
import type { StatusDeps } from '../types.js';
import { renderLogs } from '../views/logs.js';
import type { PageKit } from './page-kit.js';

export const LOGS_LIMIT = 200;
export const LOGS_REFRESH_SECONDS = 10;

export function logRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.get('/logs', async (req, res) => {
    const level = parseChoice(req.query.level, LOG_LEVELS);
    const blog = parsePositiveInt(req.query.blog);
    const refresh = parseChoice(req.query.refresh, ['on', 'off'] as const);
    if (!level.ok || !blog.ok || !refresh.ok) {
      kit.fail(
        req,
        res,
        400,
        kit.t.t('status.error.bad_filter'),
        kit.t.t('status.error.bad_filter_text', { levels: LOG_LEVELS.join(', ') }),
      );
      return;
    }
    const entries = await kit.read(
      'status.source.log',
      deps.store.readGlobalLog({
        limit: LOGS_LIMIT,
        ...(level.value ? { level: level.value } : {}),
        ...(blog.value !== undefined ? { blogId: blog.value } : {}),
      }),
    );
    const unnamed = (id: number): string => kit.t.t('status.blog', { id: String(id) });
    const blogs = [...kit.blogNames.entries()].map(([id, name]) => ({
      id,
      label: name === String(id) ? unnamed(id) : `${name} (${id})`,
    }));
    if (blog.value !== undefined && !kit.blogNames.has(blog.value)) {
      blogs.push({ id: blog.value, label: unnamed(blog.value) });
    }
    kit.send(
      res,
      200,
      renderLogs(kit.viewContext(req, res, true), {
        entries: entries.map(scrubLog),
        level: level.value,
        blogId: blog.value,
        levels: LOG_LEVELS,
        blogs,
        refreshSeconds: refresh.value === 'off' ? undefined : LOGS_REFRESH_SECONDS,
        limit: LOGS_LIMIT,
      }),
    );
  });
}
