/**
 * The /setup notifications step (g): ntfy first, with a new random topic and the links that subscribe a phone
 * to it (../views/setup-notify.ts); Telegram; or none. "Send a test message" tries the answers and shows the page
 * again with them; "Continue" keeps them, checked by the config's own schema first.
 */

import type { Request, Response, Router } from 'express';
import type { Check } from '../../checks.js';
import { newNtfyTopic } from '../../notify/channels/ntfy.js';
import { notificationProblem } from '../../setup/actions.js';
import type { NotifyAnswer } from '../../setup/answers.js';
import type { SetupDraft } from '../../setup/draft.js';
import type { SetupEngine } from '../../setup/engine.js';
import type { SetupText } from '../../setup/wordpress/types.js';
import { type NotifyChoice, renderNotifyPage } from '../views/setup-notify.js';
import { bodyOf, type SetupGuard } from './setup-guard.js';

const NTFY_SERVER = 'https://ntfy.sh';
const CHOICES: readonly NotifyChoice[] = ['ntfy', 'telegram', 'none'];

type NtfyFields = { server: string; topic: string };

/**
 * The ntfy fields as sent, to fill the form again: only when the config's schema takes them, so nothing the
 * schema refuses is echoed or linked (the fields are then empty).
 */
function validNtfy(body: Record<string, string | undefined>): NtfyFields | undefined {
  const answer = { type: 'ntfy', server: body.server || NTFY_SERVER, topic: body.topic ?? '' } as const;
  return answer.topic !== '' && !notificationProblem(answer) ? answer : undefined;
}

export function notifyRoutes(
  deps: { draft: SetupDraft; guard: SetupGuard; engine: Pick<SetupEngine, 'testNotification'> },
  router: Router,
  next: (res: Response) => void,
): void {
  const { draft, guard } = deps;
  const page = (
    req: Request,
    res: Response,
    status: number,
    checks: Check<SetupText>[],
    error?: string,
  ): void => {
    const body = req.method === 'POST' ? bodyOf(req) : undefined;
    const saved = typeof draft.notify === 'object' && draft.notify.type === 'ntfy' ? draft.notify : undefined;
    const channel = CHOICES.find((c) => c === body?.channel);
    const ntfy = body ? validNtfy(body) : (saved ?? { server: NTFY_SERVER, topic: newNtfyTopic() });
    const ctx = guard.view(req, res, draft.language);
    const invalid = error === undefined ? undefined : ctx.t.t('setup.page.invalid', { problem: error });
    guard.send(res, status, renderNotifyPage(ctx, { checks, channel, ntfy, error: invalid }));
  };

  router.get('/setup/notify', (req, res) => page(req, res, 200, []));
  router.post('/setup/notify', async (req, res) => {
    const body = bodyOf(req);
    const answer: NotifyAnswer | undefined =
      body.channel === 'ntfy' && body.topic
        ? { type: 'ntfy', server: body.server || NTFY_SERVER, topic: body.topic }
        : body.channel === 'telegram' && body.botToken && body.chatId
          ? { type: 'telegram', botToken: body.botToken, chatId: body.chatId }
          : undefined;
    if (body.channel !== 'none' && !answer) {
      page(req, res, 422, [], body.channel ?? '?');
      return;
    }
    if (body.action === 'test' && answer) {
      const check = await deps.engine.testNotification(answer);
      page(req, res, check.status === 'ok' ? 200 : 422, [check]);
      return;
    }
    // Checked by the config's own schema now, not first when the setup finishes.
    const problem = answer && notificationProblem(answer);
    if (problem) {
      page(req, res, 422, [problem]);
      return;
    }
    draft.notify = answer ?? 'none';
    next(res);
  });
}
