import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { type Clock, systemClock } from '../clock.js';
import type { Config } from '../config/schema.js';
import type { DealStore, NewEventRecord } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { AnyEvent } from '../marketplace/schema.js';
import type { DealProducer } from '../queue/producer.js';
import { withTimeout } from '../timeout.js';
import { parseWebhookBody } from './events.js';
import { type VerifySignatureInput, verifySignature, type WebhookSecretEntry } from './verify-signature.js';

/** How a delivery ended; also the value given to `onOutcome` (for metrics). */
export type WebhookOutcome =
  | 'enqueued'
  | 'duplicate'
  | 'recorded'
  | 'unauthorized'
  | 'too_large'
  | 'bad_json'
  | 'invalid'
  | 'unavailable'
  | 'not_configured';

export interface WebhookReceiverDeps {
  config: Config['webhook'];
  producer: Pick<DealProducer, 'enqueueDeal'>;
  store: Pick<DealStore, 'recordEvent'>;
  log: Logger;
  clock?: Clock;
  /** Longest wait for Redis before answering 503 (default 2 s): the marketplace retries, a hung request does not. */
  storeTimeoutMs?: number;
  onOutcome?: (event: string | undefined, outcome: WebhookOutcome) => void;
  /**
   * The secrets to accept, asked on every delivery (default: those in `config`). The daemon passes a provider
   * that adds the secret file written by `pressbridge webhook register` / `rotate`, so a rotation needs no restart.
   */
  secrets?: (fresh?: boolean) => WebhookSecretEntry[];
  /**
   * Acts on an event other than `deal.accepted` after it is recorded (`deal.paid` on the deal, a claim's
   * notification, …). Awaited before the 200: a throw answers 503 so the marketplace delivers again, so a
   * handler must be idempotent and must swallow failures that should not cost a redelivery (notifications).
   */
  onEvent?: (event: AnyEvent, dealId: number | undefined) => Promise<void>;
}

/** The current secret first, then the previous one with the end of its grace period. */
export function webhookSecrets(config: Config['webhook']): WebhookSecretEntry[] {
  const secrets: WebhookSecretEntry[] = [];
  if (config.secret) secrets.push({ secret: config.secret });
  if (config.previousSecret && config.previousSecretValidUntil) {
    secrets.push({ secret: config.previousSecret, validUntil: new Date(config.previousSecretValidUntil) });
  }
  return secrets;
}

function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}

/**
 * `POST <config.path>`: raw body → signature → JSON → zod → enqueue (deal.accepted) or event log (others).
 * 200 means "stored in Redis"; every other answer makes the marketplace deliver again (assumption 6).
 * Mount with `app.use(createWebhookRouter(deps))`; the raw body parser applies to this route only.
 */
export function createWebhookRouter(deps: WebhookReceiverDeps): Router {
  const { config, log } = deps;
  const clock = deps.clock ?? systemClock;
  const storeTimeoutMs = deps.storeTimeoutMs ?? 2_000;
  const configured = webhookSecrets(config);
  const currentSecrets = deps.secrets ?? (() => configured);
  const router = express.Router();

  const outcome = (event: string | undefined, result: WebhookOutcome): void => {
    try {
      deps.onOutcome?.(event, result);
    } catch (error) {
      log.warn({ err: errorMessage(error) }, 'webhook outcome hook failed');
    }
  };

  const recordEvent = async (dealId: number | undefined, record: NewEventRecord): Promise<void> => {
    await withTimeout(deps.store.recordEvent(dealId, record), storeTimeoutMs, 'Redis (event log)');
  };

  router.post(
    config.path,
    express.raw({ type: () => true, limit: config.maxBodyBytes }),
    async (req: Request, res: Response) => {
      const receivedAt = clock.now();
      const rawBody: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let secrets = currentSecrets();
      if (secrets.length === 0) secrets = currentSecrets(true);

      if (secrets.length === 0) {
        // 503, not 401: the marketplace keeps retrying while the blogger sets the secret.
        log.error({ path: config.path }, 'webhook secret not configured; delivery refused');
        outcome(undefined, 'not_configured');
        sendError(res, 503, 'not_configured', 'webhook secret is not configured');
        return;
      }

      const input: VerifySignatureInput = { rawBody, headers: req.headers, secrets, now: receivedAt };
      if (config.signatureHeader) input.headerName = config.signatureHeader;
      let verified = verifySignature(input);
      if (!verified.ok && verified.reason === 'invalid') {
        // The provider caches the secret file for a second: a secret rotated a moment ago is read now.
        const fresh = currentSecrets(true);
        if (fresh !== secrets) verified = verifySignature({ ...input, secrets: fresh });
      }
      if (!verified.ok) {
        log.warn(
          {
            reason: verified.reason,
            ip: req.ip,
            bytes: rawBody.length,
            signatureHeaders: Object.keys(req.headers).filter((h) => h.endsWith('-signature')),
          },
          'webhook signature rejected',
        );
        outcome(undefined, 'unauthorized');
        sendError(res, 401, `signature_${verified.reason}`, `webhook signature ${verified.reason}`);
        return;
      }
      if (verified.secretIndex > 0) {
        log.info({ secretIndex: verified.secretIndex }, 'webhook signed with the previous secret');
      }

      const parsed = parseWebhookBody(rawBody);
      const receivedIso = receivedAt.toISOString();

      if (parsed.kind === 'bad_json') {
        log.warn({ bytes: rawBody.length }, 'webhook body is not JSON');
        outcome(undefined, 'bad_json');
        sendError(res, 400, 'bad_json', parsed.message);
        return;
      }

      if (parsed.kind === 'invalid') {
        log.warn(
          { event: parsed.event, dealId: parsed.dealId, problem: parsed.message },
          'webhook event invalid',
        );
        // Kept for the status page (signed, so it is the marketplace's); the 400 does not depend on it.
        await recordEvent(parsed.dealId, {
          event: parsed.event ?? '(none)',
          receivedAt: receivedIso,
          body: parsed.body,
          outcome: 'invalid',
        }).catch((error: unknown) =>
          log.warn({ err: errorMessage(error) }, 'webhook event log write failed'),
        );
        outcome(parsed.event, 'invalid');
        sendError(res, 400, 'invalid_event', parsed.message);
        return;
      }

      if (parsed.kind === 'other') {
        const { event, dealId } = parsed;
        try {
          await recordEvent(dealId, {
            event: event.event,
            receivedAt: receivedIso,
            body: event,
            outcome: 'recorded',
          });
          if (deps.onEvent) await deps.onEvent(event, dealId);
        } catch (error) {
          log.warn({ event: event.event, dealId, err: errorMessage(error) }, 'webhook event not stored');
          outcome(event.event, 'unavailable');
          sendError(res, 503, 'unavailable', 'could not store the event; please deliver again');
          return;
        }
        log.info({ event: event.event, dealId, known: parsed.known }, 'webhook event recorded');
        outcome(event.event, 'recorded');
        res.status(200).json({ ok: true, outcome: 'recorded' });
        return;
      }

      const { deal } = parsed.event;
      let result: Awaited<ReturnType<DealProducer['enqueueDeal']>>;
      try {
        result = await withTimeout(
          deps.producer.enqueueDeal(
            {
              dealId: deal.id,
              blogId: deal.blog.id,
              event: deal,
              receivedAt: receivedIso,
              source: 'webhook',
            },
            // Recorded with the outcome in the same Redis step.
            { event: { event: 'deal.accepted', receivedAt: receivedIso, body: parsed.body } },
          ),
          storeTimeoutMs,
          'Redis (queue)',
        );
      } catch (error) {
        log.error({ dealId: deal.id, err: errorMessage(error) }, 'deal not queued; answering 503');
        outcome('deal.accepted', 'unavailable');
        sendError(res, 503, 'unavailable', 'could not queue the deal; please deliver again');
        return;
      }
      const final: WebhookOutcome = result.status === 'added' ? 'enqueued' : 'duplicate';
      log.info(
        { dealId: deal.id, blogId: deal.blog.id, jobId: result.jobId, outcome: final },
        'deal.accepted received',
      );
      outcome('deal.accepted', final);
      res.status(200).json({ ok: true, outcome: final, jobId: result.jobId });
    },
  );

  // Errors of this route only (body parser: too large, aborted, bad encoding), answered as JSON.
  router.use(config.path, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status =
      typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
    const type = (error as { type?: unknown }).type;
    if (status === 413) {
      log.warn({ limit: config.maxBodyBytes }, 'webhook body too large');
      outcome(undefined, 'too_large');
      res.setHeader('Connection', 'close');
      sendError(res, 413, 'too_large', `body larger than ${config.maxBodyBytes} bytes`);
      return;
    }
    if (status >= 400 && status < 500) {
      log.warn({ status, type }, 'webhook request rejected');
      outcome(undefined, 'invalid');
      sendError(res, status, typeof type === 'string' ? type : 'bad_request', errorMessage(error));
      return;
    }
    log.error({ err: errorMessage(error) }, 'webhook handler failed');
    outcome(undefined, 'unavailable');
    sendError(res, 503, 'unavailable', 'internal error; please deliver again');
  });

  return router;
}
