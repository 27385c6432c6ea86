/**
 * Step f, the intake: the poll or a webhook, and the webhook listener's port, asked on the page for both (with
 * the poll it is used only once a webhook is registered, and nothing listens until then); the terminal asks it
 * with the webhook only. `start --webhook-port`, PRESSBRIDGE_WEBHOOK_PORT and `--webhook-port` propose it.
 */
import { INTAKE_MODES, IntakeAnswer, proposedWebhookPort } from '../../answers/intake.js';
import { readAnswer } from '../../answers/read.js';
import { renderIntakePage } from '../views/finish.js';
import type { SetupStep, StepContext } from './step.js';

function proposedPort({ draft, deps }: StepContext): number {
  return proposedWebhookPort(
    draft.intake?.listen?.port,
    deps.defaults.webhookListen?.port,
    deps.defaults.webhookPort,
  );
}

export const intakeStep: SetupStep = {
  path: '/intake',
  done: (draft) => draft.intake !== undefined,
  get(ctx) {
    ctx.send(200, renderIntakePage(ctx.view(), { webhookPort: proposedPort(ctx) }));
  },
  post(ctx) {
    const { body, deps } = ctx;
    const port = proposedPort(ctx);
    const schema = IntakeAnswer({ port, host: deps.defaults.webhookListen?.host });
    const read = readAnswer(schema, {
      mode: body.intake,
      webhookUrl: body.webhookUrl,
      port: body.webhookPort,
    });
    if (!read.ok) {
      const view = ctx.view();
      return ctx.send(
        422,
        renderIntakePage(view, { webhookPort: port, error: read.problem[view.t.language] }),
      );
    }
    ctx.draft.intake = read.value;
    ctx.next();
  },
  async ask(term) {
    const { options, t } = term;
    const port = proposedWebhookPort(options.webhookPort);
    const schema = IntakeAnswer({ port });
    term.draft.intake = await term.until(async (first) => {
      const flag = (value: string | undefined) => (first ? value : undefined);
      const mode = await term.ask(
        `intake (${INTAKE_MODES.join('/')})`,
        flag(options.intake),
        '--intake',
        'poll',
      );
      if (mode !== 'webhook') return readAnswer(schema, { mode });
      const typed = await term.ask(
        t.t('setup.page.webhook_port'),
        flag(options.webhookPort?.toString()),
        '--webhook-port',
        String(port),
      );
      const webhookUrl = await term.ask(
        t.t('setup.page.webhook_url'),
        flag(options.webhookUrl),
        '--webhook-url',
      );
      return readAnswer(schema, { mode, port: typed, webhookUrl });
    });
  },
};
