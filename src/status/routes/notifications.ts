/** GET /notifications — the recent notifications and their delivery per channel (src/notify/record.ts). */
import type { Router } from 'express';
import type { StatusDeps } from '../types.js';
import { renderNotifications } from '../views/notifications.js';
import type { PageKit } from './page-kit.js';

export const NOTIFICATIONS_LIMIT = 200;

export function notificationRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.get('/notifications', async (req, res) => {
    const reader = deps.notifications;
    const records = reader
      ? await kit.source('status.source.notifications', () => reader(NOTIFICATIONS_LIMIT))
      : ({ ok: true, value: [] } as const);
    kit.send(
      res,
      200,
      renderNotifications(kit.viewContext(req, res, false), {
        configured: reader !== undefined,
        records,
        limit: NOTIFICATIONS_LIMIT,
      }),
    );
  });
}
