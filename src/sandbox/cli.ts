/**
 * `pressbridge sandbox`: runs the sandbox marketplace until SIGINT/SIGTERM, and `pressbridge sandbox accept`,
 * which plays the advertiser through the control API (creates a deal and delivers its `deal.accepted`).
 * Mounted by src/cli.ts; output goes through process.stdout because console.* is reserved for src/cli.ts.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { BODY_LIMITS, readBodyHeadText, readBodyText } from '../http-body.js';
import { createLogger } from '../logger.js';
import { DATE_FORMATS, type DateFormat } from './dates.js';
import { DEFAULT_SANDBOX_API_KEY, DEFAULT_SANDBOX_PORT, DEFAULT_SANDBOX_URL } from './defaults.js';
import { createSandbox } from './index.js';
import { loadProfile } from './profile.js';
import type { SandboxDeal } from './records.js';

/** Where `sandbox accept` finds the running sandbox when `--url` is not given (else the default port). */
export const SANDBOX_URL_ENV = 'PRESSBRIDGE_SANDBOX_URL';

function integer(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
    return n;
  };
}

function positiveNumber(value: string): number {
  // Accepts fractions such as 1/60 as well as decimals.
  const [num, den] = value.split('/');
  const n = den === undefined ? Number(num) : Number(num) / Number(den);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('expected a positive number, e.g. 0.01 or 1/60');
  return n;
}

interface ServeOptions {
  port: number;
  host: string;
  apiKey: string;
  rateLimit: number;
  windowMs: number;
  timeScale: number;
  allowHttpWebhooks: boolean;
  signatureHeader?: string;
  checkReachability: boolean;
  logLevel: string;
  blogUrl: string;
  blogId: number;
  dateFormat?: DateFormat;
  profile?: string;
}

interface AcceptOptions {
  url: string;
  blog?: number;
  photos?: number;
  title?: string;
  deliver: boolean;
  approvalDelayMs?: number;
  acceptedMinutesAgo?: number;
  json?: boolean;
}

async function serve(options: ServeOptions): Promise<void> {
  const sandbox = await createSandbox({
    host: options.host,
    port: options.port,
    apiKey: options.apiKey,
    rateLimit: { limit: options.rateLimit, windowMs: options.windowMs },
    timeScale: options.timeScale,
    allowHttpWebhooks: options.allowHttpWebhooks,
    checkReachability: options.checkReachability,
    blogs: [{ id: options.blogId, name: 'Sandbox blog', url: options.blogUrl }],
    ...(options.dateFormat ? { dateFormat: options.dateFormat } : {}),
    ...(options.profile ? { profile: loadProfile(options.profile) } : {}),
    log: createLogger({ level: options.logLevel, destination: process.stderr }),
    ...(options.signatureHeader ? { signatureHeader: options.signatureHeader } : {}),
  });
  process.stdout.write(
    [
      `Sandbox marketplace listening on ${sandbox.url}`,
      `  API key (bloger, read+write): ${sandbox.apiKey}`,
      `  Signature header: ${sandbox.signatureHeader}`,
      `  Date-times: ${sandbox.dateFormat}${options.profile ? ` (profile ${options.profile})` : ''}`,
      `  Blog ${options.blogId} at ${options.blogUrl} (hand-ins must be on its domain)`,
      `  On the setup page:  API address ${sandbox.url}, key ${sandbox.apiKey}`,
      `  Accept a deal:      npm run sandbox -- accept --url ${sandbox.url}   (in a checkout)`,
      `                      pressbridge sandbox accept --url ${sandbox.url}   (installed)`,
      `                      (or once: export ${SANDBOX_URL_ENV}=${sandbox.url}, then without --url)`,
      `  A webhook (optional; polling needs none): pressbridge webhook register <https://…/webhook>`,
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sandbox.close();
  process.stdout.write('Sandbox marketplace stopped\n');
}

/** `sandbox accept` waits this long for the sandbox's answer. */
const ACCEPT_TIMEOUT_MS = 30_000;

async function accept(options: AcceptOptions): Promise<void> {
  const body = {
    ...(options.blog === undefined ? {} : { blogId: options.blog }),
    ...(options.photos === undefined ? {} : { photos: options.photos }),
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.approvalDelayMs === undefined ? {} : { approvalDelayMs: options.approvalDelayMs }),
    ...(options.acceptedMinutesAgo === undefined ? {} : { acceptedMinutesAgo: options.acceptedMinutesAgo }),
    deliver: options.deliver,
  };
  const target = new URL('/_sandbox/deals', options.url);
  const answer = await fetch(target, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ACCEPT_TIMEOUT_MS),
  });
  if (!answer.ok) {
    const { text } = await readBodyHeadText(answer, BODY_LIMITS.error.bytes);
    throw new Error(
      `The sandbox at ${options.url} refused the deal (${answer.status}): ${text.slice(0, 500)}`,
    );
  }
  const text = await readBodyText(answer, BODY_LIMITS.object, 'POST /_sandbox/deals');
  const deal = JSON.parse(text) as SandboxDeal;
  process.stdout.write(
    options.json ? `${JSON.stringify(deal, null, 2)}\n` : acceptSummary(deal, options.deliver),
  );
}

/** What `sandbox accept` prints on a terminal: the deal in three lines (the whole record with --json). */
export function acceptSummary(deal: SandboxDeal, delivered: boolean): string {
  const delivery = delivered
    ? 'deal.accepted: on its way to the registered webhook (without one, a polling daemon finds the deal itself)'
    : 'deal.accepted: not sent (--no-deliver); a polling or reconciling daemon finds the deal itself';
  return [
    `Deal ${deal.id} accepted in the sandbox: "${deal.title}" for blog ${deal.blogId}, reward ${deal.reward} Kč`,
    `  hand in by ${deal.publishDeadline} · ${delivery}`,
    '  the whole record: add --json',
    '',
  ].join('\n');
}

export function sandboxCommand(): Command {
  const command = new Command('sandbox')
    .description('run the sandbox marketplace (a local stand-in for the marketplace API) until Ctrl+C')
    .option('--port <port>', 'port to listen on (0 = random)', integer(0), DEFAULT_SANDBOX_PORT)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--api-key <key>', 'the blogger API key the sandbox accepts', DEFAULT_SANDBOX_API_KEY)
    .option('--rate-limit <n>', 'requests per window per key', integer(1), 60)
    .option('--window-ms <ms>', 'rate-limit window in milliseconds', integer(1), 60_000)
    .option(
      '--time-scale <factor>',
      'multiplies the webhook retry delays (e.g. 1/60: 5 min → 5 s)',
      positiveNumber,
      1,
    )
    .option(
      '--allow-http-webhooks',
      'accept http:// webhook URLs on loopback (the real service: HTTPS only)',
      false,
    )
    .option(
      '--signature-header <name>',
      'header carrying the webhook signature (default X-Sandbox-Signature)',
    )
    .option('--no-check-reachability', 'do not GET the article URL on hand-in')
    .option(
      '--blog-url <url>',
      "the sandbox blog's address (your WordPress, e.g. http://localhost:8000)",
      'http://127.0.0.1',
    )
    .option('--blog-id <id>', "the sandbox blog's id", integer(1), 1)
    .addOption(
      new Option(
        '--date-format <format>',
        'how date-times go on the wire: prague (default; YYYY-MM-DD HH:MM:SS Europe/Prague), utc (same, UTC), iso (ISO 8601)',
      ).choices(DATE_FORMATS),
    )
    .option(
      '--profile <capture>',
      'answer in the shapes of a real service, from a `pressbridge doctor --live --save` capture',
    )
    .option('--log-level <level>', 'pino log level (logs go to stderr)', 'info')
    .action(async (options: ServeOptions) => {
      await serve(options);
    });

  command
    .command('accept')
    .description(
      'play the advertiser: create an accepted deal in a running sandbox and deliver deal.accepted',
    )
    .option(
      '--url <url>',
      `the running sandbox (default: $${SANDBOX_URL_ENV}, else ${DEFAULT_SANDBOX_URL})`,
      process.env[SANDBOX_URL_ENV] || DEFAULT_SANDBOX_URL,
    )
    .option('--blog <id>', 'blog id', integer(1))
    .option('--photos <n>', 'inline photos (0–5; a cover photo is added)', integer(0))
    .option('--title <title>', 'article title')
    .option(
      '--approval-delay-ms <ms>',
      'the text awaits approval this long (409 ceka_na_schvaleni)',
      integer(0),
    )
    .option(
      '--accepted-minutes-ago <minutes>',
      'the deal was accepted that long ago (its deadline may be past); deal.accepted arrives late, now',
      integer(0),
    )
    .option('--no-deliver', 'create the deal without delivering deal.accepted')
    .option('--json', 'print the whole deal record as JSON')
    .action(async (options: AcceptOptions) => {
      await accept(options);
    });

  return command;
}
