/**
 * Step g, notifications: ntfy first, with a new random topic and the links that subscribe a phone to it
 * (../views/notify.ts); Telegram; or none. On the page "Send a test message" tries the answers and shows the
 * page again with them, "Continue" keeps them; the terminal offers ntfy only (`-`: none) and tests it at once.
 * Either way the config's own schema checks the channel first (src/setup/actions.ts `notificationProblem`).
 */
import type { Check } from '../../../checks.js';
import { newNtfyTopic, ntfySubscribeLinks } from '../../../notify/channels/ntfy.js';
import { NTFY_DEFAULT_SERVER } from '../../../notify/settings.js';
import { notificationProblem } from '../../actions.js';
import { NotifyChoice } from '../../answers/notify.js';
import { type Read, readAnswer } from '../../answers/read.js';
import type { SetupText } from '../../wordpress/types.js';
import { renderNotifyPage } from '../views/notify.js';
import type { SetupStep, StepContext } from './step.js';

const CHANNELS = NotifyChoice.options.map((o) => o.shape.type.value);

type NtfyFields = { server: string; topic: string };

/** The answer read by the step's schema, then by the config's: refused with the first that refuses it. */
function readChoice(form: unknown): Read<NotifyChoice> & { check?: Check<SetupText> } {
  const read = readAnswer(NotifyChoice, form);
  const problem = read.ok && read.value.type !== 'none' ? notificationProblem(read.value) : undefined;
  return problem ? { ok: false, problem: problem.detail, check: problem } : read;
}

/**
 * The page, with what was sent when it was a form: the ntfy fields only when the config's schema takes them,
 * so nothing it refuses is echoed or linked (the fields are then empty).
 */
function page(ctx: StepContext, status: number, checks: Check<SetupText>[], error?: string): void {
  const { draft, body, req } = ctx;
  const sent = (): NtfyFields | undefined => {
    const read = readChoice({ type: 'ntfy', server: body.server, topic: body.topic });
    return read.ok && read.value.type === 'ntfy' ? read.value : undefined;
  };
  const saved = draft.notify?.type === 'ntfy' ? draft.notify : undefined;
  const ntfy =
    req.method === 'POST' ? sent() : (saved ?? { server: NTFY_DEFAULT_SERVER, topic: newNtfyTopic() });
  const channel = CHANNELS.find((c) => c === body.channel);
  ctx.send(status, renderNotifyPage(ctx.view(), { checks, channel, ntfy, error }));
}

export const notifyStep: SetupStep = {
  path: '/notify',
  done: (draft) => draft.notify !== undefined,
  get: (ctx) => page(ctx, 200, []),
  async post(ctx) {
    const { body, deps } = ctx;
    const form = { ...body, type: body.channel };
    const read = readAnswer(NotifyChoice, form);
    if (!read.ok) return page(ctx, 422, [], read.problem[ctx.view().t.language]);
    if (body.action === 'test' && read.value.type !== 'none') {
      const check = await deps.engine.testNotification(read.value);
      return page(ctx, check.status === 'ok' ? 200 : 422, [check]);
    }
    // Checked by the config's own schema now, not first when the setup finishes.
    const checked = readChoice(form);
    if (!checked.ok) return page(ctx, 422, checked.check ? [checked.check] : []);
    ctx.draft.notify = checked.value;
    ctx.next();
  },
  async ask(term) {
    const { options, t, engine } = term;
    const choice = await term.until(async (first) => {
      // ntfy, a new random topic on Enter (with --yes only the flag's); `-`: no notifications.
      const fresh = term.interactive ? newNtfyTopic() : '-';
      const given = first ? options.ntfyTopic : undefined;
      const topic = await term.ask(t.t('setup.terminal.ntfy_topic'), given, '--ntfy-topic', fresh);
      return readChoice(topic === '-' ? { type: 'none' } : { type: 'ntfy', topic });
    });
    if (choice.type === 'ntfy') {
      const links = ntfySubscribeLinks(choice.server, choice.topic);
      term.say(t.t('setup.terminal.ntfy_subscribe', { ...links, topic: choice.topic }));
      term.showChecks([await engine.testNotification(choice)]);
    }
    term.draft.notify = choice;
  },
};
