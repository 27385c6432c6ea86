/**
 * `pressbridge sandbox`: runs the sandbox marketplace until SIGINT/SIGTERM, and `pressbridge sandbox accept`,
 * which plays the advertiser through the control API (creates a deal and delivers its `deal.accepted`).
 * Mounted by src/cli.ts; output goes through process.stdout because console.* is reserved for src/cli.ts.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { AppError } from '../errors.js';
import { BODY_LIMITS, readBodyHeadText, readBodyText } from '../http-body.js';
import type { Translator } from '../i18n/index.js';
import { DATE_FORMATS, type DateFormat } from './dates.js';
import { DEFAULT_SANDBOX_API_KEY, DEFAULT_SANDBOX_PORT, DEFAULT_SANDBOX_URL } from './defaults.js';
import type { SandboxDeal } from './records.js';

/** Where `sandbox accept` finds the running sandbox when `--url` is not given (else the default port). */
export const SANDBOX_URL_ENV = 'PRESSBRIDGE_SANDBOX_URL';

function integer(t: Translator, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(t.t('help.error.integer_min', { min: String(min) }));
    return n;
  };
}

function positiveNumber(t: Translator) {
  return (value: string): number => {
    // Accepts fractions such as 1/60 as well as decimals.
    const [num, den] = value.split('/');
    const n = den === undefined ? Number(num) : Number(num) / Number(den);
    if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(t.t('sandbox.error.positive_number'));
    return n;
  };
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

async function serve(options: ServeOptions, { t }: Translator): Promise<void> {
  // Loaded only when the sandbox serves: `sandbox accept` and --help start without the server.
  const [{ createSandbox }, { loadProfile }, { createLogger }] = await Promise.all([
    import('./index.js'),
    import('./profile.js'),
    import('../logger.js'),
  ]);
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
  const url = sandbox.url;
  const format = sandbox.dateFormat;
  process.stdout.write(
    [
      t('sandbox.out.listening', { url }),
      t('sandbox.out.api_key', { key: sandbox.apiKey }),
      t('sandbox.out.signature', { header: sandbox.signatureHeader }),
      options.profile
        ? t('sandbox.out.dates_profile', { format, profile: options.profile })
        : t('sandbox.out.dates', { format }),
      t('sandbox.out.blog', { id: String(options.blogId), url: options.blogUrl }),
      t('sandbox.out.setup', { url, key: sandbox.apiKey }),
      t('sandbox.out.accept', { url }),
      t('sandbox.out.accept_installed', { url }),
      t('sandbox.out.accept_env', { env: SANDBOX_URL_ENV, url }),
      t('sandbox.out.webhook'),
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
  process.stdout.write(`${t('sandbox.out.stopped')}\n`);
}

/** `sandbox accept` waits this long for the sandbox's answer. */
const ACCEPT_TIMEOUT_MS = 30_000;

async function accept(options: AcceptOptions, translator: Translator): Promise<void> {
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
    const params = { url: options.url, status: String(answer.status), text: text.slice(0, 500) };
    throw new AppError('sandbox_refused', translator.t('sandbox.error.refused', params));
  }
  const text = await readBodyText(answer, BODY_LIMITS.object, 'POST /_sandbox/deals');
  const deal = JSON.parse(text) as SandboxDeal;
  process.stdout.write(
    options.json ? `${JSON.stringify(deal, null, 2)}\n` : acceptSummary(deal, options.deliver, translator),
  );
}

/** What `sandbox accept` prints on a terminal: the deal in three lines (the whole record with --json). */
export function acceptSummary(deal: SandboxDeal, delivered: boolean, { t, money }: Translator): string {
  const delivery = t(delivered ? 'sandbox.out.delivered' : 'sandbox.out.not_delivered');
  const facts = {
    id: String(deal.id),
    title: deal.title,
    blog: String(deal.blogId),
    reward: money(deal.reward),
  };
  return [
    t('sandbox.out.accepted', facts),
    t('sandbox.out.hand_in_by', { deadline: deal.publishDeadline, delivery }),
    t('sandbox.out.whole_record'),
    '',
  ].join('\n');
}

/** The sandbox's commands, their help and output in `translator`'s language (the process's). */
export function sandboxCommand(translator: Translator): Command {
  const { t } = translator;
  const int = (min: number) => integer(translator, min);
  const command = new Command('sandbox')
    .description(t('sandbox.help'))
    .option('--port <port>', t('sandbox.help.port'), int(0), DEFAULT_SANDBOX_PORT)
    .option('--host <host>', t('sandbox.help.host'), '127.0.0.1')
    .option('--api-key <key>', t('sandbox.help.api_key'), DEFAULT_SANDBOX_API_KEY)
    .option('--rate-limit <n>', t('sandbox.help.rate_limit'), int(1), 60)
    .option('--window-ms <ms>', t('sandbox.help.window_ms'), int(1), 60_000)
    .option('--time-scale <factor>', t('sandbox.help.time_scale'), positiveNumber(translator), 1)
    .option('--allow-http-webhooks', t('sandbox.help.allow_http_webhooks'), false)
    .option('--signature-header <name>', t('sandbox.help.signature_header'))
    .option('--no-check-reachability', t('sandbox.help.no_check_reachability'))
    .option('--blog-url <url>', t('sandbox.help.blog_url'), 'http://127.0.0.1')
    .option('--blog-id <id>', t('sandbox.help.blog_id'), int(1), 1)
    .addOption(new Option('--date-format <format>', t('sandbox.help.date_format')).choices(DATE_FORMATS))
    .option('--profile <capture>', t('sandbox.help.profile'))
    .option('--log-level <level>', t('sandbox.help.log_level'), 'info')
    .action(async (options: ServeOptions) => {
      await serve(options, translator);
    });

  command
    .command('accept')
    .description(t('sandbox.help.accept'))
    .option(
      '--url <url>',
      t('sandbox.help.url', { env: `$${SANDBOX_URL_ENV}`, url: DEFAULT_SANDBOX_URL }),
      process.env[SANDBOX_URL_ENV] || DEFAULT_SANDBOX_URL,
    )
    .option('--blog <id>', t('sandbox.help.blog'), int(1))
    .option('--photos <n>', t('sandbox.help.photos'), int(0))
    .option('--title <title>', t('sandbox.help.title'))
    .option('--approval-delay-ms <ms>', t('sandbox.help.approval_delay'), int(0))
    .option('--accepted-minutes-ago <minutes>', t('sandbox.help.accepted_minutes_ago'), int(0))
    .option('--no-deliver', t('sandbox.help.no_deliver'))
    .option('--json', t('sandbox.help.json'))
    .action(async (options: AcceptOptions) => {
      await accept(options, translator);
    });

  return command;
}
