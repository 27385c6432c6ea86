/**
 * Step f, the intake: the poll (the default), or a webhook at a public https address; and the webhook listener's
 * port either way (with the poll it is used only once a webhook is registered, and nothing listens until then).
 * Where that listener listens when nobody said is decided here once: the fronts propose the port
 * (`proposedWebhookPort`), the writer fills in the rest (`webhookListen`).
 */
import { z } from 'zod';
import { LISTENERS, parsePort } from '../../config/listeners.js';
import { setupRule, typed } from './read.js';

export const INTAKE_MODES = ['poll', 'webhook'] as const;

export interface IntakeAnswer {
  mode: (typeof INTAKE_MODES)[number];
  /** The public HTTPS address the marketplace calls (webhook mode). */
  webhookUrl?: string;
  listen?: { host?: string; port: number };
}

/** What a front took: the mode, the webhook's address, the port as typed (empty: the proposed one). */
export interface IntakeForm {
  mode?: string | undefined;
  webhookUrl?: string | undefined;
  port?: string | undefined;
}

/** Polling, the listener waits for a webhook to be registered, then behind a proxy on this machine. */
const POLL_LISTEN_HOST = '127.0.0.1';

/** The port a front proposes: the first one given (the draft, `--webhook-port`, the variable), else the default. */
export function proposedWebhookPort(...given: ReadonlyArray<number | undefined>): number {
  return given.find((port) => port !== undefined) ?? LISTENERS.webhook.defaultPort;
}

/** Where the webhook listener listens: as answered, else by the intake's mode. */
export function webhookListen(intake: IntakeAnswer): { host: string; port: number } {
  return {
    host:
      intake.listen?.host ?? (intake.mode === 'webhook' ? LISTENERS.webhook.defaultHost : POLL_LISTEN_HOST),
    port: intake.listen?.port ?? LISTENERS.webhook.defaultPort,
  };
}

/**
 * The intake step's schema, over the port it proposes (kept as it is, 0 included: tests listen on any free port)
 * and the listener's address when one is given beforehand.
 */
export function IntakeAnswer(proposed: { port: number; host?: string | undefined }): z.ZodType<IntakeAnswer> {
  const port = z.preprocess(
    typed,
    z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined || text === String(proposed.port)) return proposed.port;
        const port = parsePort(text);
        if (port !== undefined) return port;
        ctx.issues.push({ code: 'custom', message: setupRule('setup.rule.port'), input: text });
        return z.NEVER;
      }),
  );
  const listen = (port: number) => ({ ...(proposed.host ? { host: proposed.host } : {}), port });
  return z.preprocess(
    (value) => {
      const form: IntakeForm = typeof value === 'object' && value !== null ? value : {};
      return { ...form, mode: typed(form.mode) ?? 'poll' };
    },
    z
      .discriminatedUnion(
        'mode',
        [
          z.object({ mode: z.literal('poll'), port }),
          z.object({
            mode: z.literal('webhook'),
            webhookUrl: z.preprocess(
              typed,
              z.url({ protocol: /^https$/, error: setupRule('setup.rule.webhook_url') }),
            ),
            port,
          }),
        ],
        { error: setupRule('setup.rule.intake') },
      )
      .transform(({ port, ...rest }) => ({ ...rest, listen: listen(port) })),
  );
}
