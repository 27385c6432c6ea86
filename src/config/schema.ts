import { z } from 'zod';
import { DemandSettings } from '../demands/settings.js';
import type { ListenerName } from '../errors.js';
import { EvidenceSettings } from '../evidence/settings.js';
import { UiSettings } from '../i18n/settings.js';
import { IntakeSettings } from '../intake/settings.js';
import { isKnownTimeZone } from '../marketplace/date-time.js';
import { SERVICE_TIME_ZONE } from '../marketplace/schema.js';
import { MoneySettings } from '../money/settings.js';
import { NotifySettings } from '../notify/settings.js';
import { PipelineSettings } from '../pipeline/settings.js';
import { ReconcileSettings } from '../reconcile/settings.js';
import { RenderSettings } from '../render/limits.js';
import {
  DEFAULT_DISCLOSURE_CLASS,
  DEFAULT_DISCLOSURE_TEXT,
  DisclosureSettings,
  LinkSettings,
} from '../render/policy.js';
import { BlogRules } from '../rules/settings.js';
import { isLoopbackHost } from '../status/hosts.js';
import { StatusHostsSetting, StatusPublicUrlSetting, TrustProxySetting } from '../status/settings.js';
import { WatchSettings } from '../watch/settings.js';
import { LISTENERS } from './listeners.js';
import { ruleText } from './rules.js';

/**
 * A secret may be written in the file as a plain string, or as a reference: `{ env: NAME }` reads an
 * environment variable, `{ file: /run/secrets/x }` reads a file (Docker secrets). References are resolved by
 * `load.ts` before this schema sees the value, so the schema only ever sees strings.
 */
const secret = z.string().min(1, ruleText('rule.not_empty'));

const listen = (name: ListenerName) =>
  z
    .object({
      host: z
        .string()
        .default(LISTENERS[name].defaultHost)
        .describe(`The address to listen on (\`${LISTENERS[name].hostEnv}\`).`),
      port: z
        .number()
        .int()
        .min(0)
        .max(65535)
        .default(LISTENERS[name].defaultPort)
        .describe(
          `The TCP port (0: any free port); without YAML: \`start ${LISTENERS[name].flag}\`, \`${LISTENERS[name].env}\` or \`pressbridge setup ${LISTENERS[name].setupFlag}\`.`,
        ),
    })
    .prefault({});

const httpUrl = z.url({ protocol: /^https?$/, error: ruleText('rule.http_url') });

export const BlogConfig = z.object({
  id: z.number().int().positive().describe("The marketplace's blog id (`GET /v1/blogs`)."),
  name: z
    .string()
    .optional()
    .describe("A name for logs and the status page; absent: the marketplace's name."),
  publisher: z
    .string()
    .min(1)
    .describe("Which publisher plugin publishes this blog's articles: `wordpress`, `github` or `static`."),
  options: z
    .record(z.string(), z.unknown())
    .default({})
    .describe(
      "The plugin's own settings, checked by the plugin's schema at start-up (see docs/publishers.md).",
    ),
  bloggerPublished: z
    .enum(['skip', 'draft'])
    .default('skip')
    .describe(
      'A deal the blogger publishes by hand (`published_by: "bloger"`): `skip` records it and does nothing; ' +
        '`draft` asks the publisher for a draft holding the brief (name, keywords with their URLs, target URL, ' +
        'description).',
    ),
  // The disclosure schema transforms (`false` | `true` | an object → the label or false), so JSON Schema cannot
  // show its input; docType says it for the generated config table (scripts/config-table.ts).
  disclosure: DisclosureSettings.optional().meta({
    docType: '`false`, `true` or `{ text, position, className }`',
    description:
      `The label that marks the article as paid, a block of its own. Absent or \`true\`: \`${DEFAULT_DISCLOSURE_TEXT}\` ` +
      `at the top with the class \`${DEFAULT_DISCLOSURE_CLASS}\`; only \`false\` turns it off. \`text\`: plain ` +
      'text, 1–200 characters; `position`: `top` or `bottom`; `className`: CSS class names separated by spaces.',
  }),
  links: LinkSettings.optional().describe("What pressbridge adds to the advertiser's links."),
  rules: BlogRules.optional().describe(
    'What you take and what not: each demand and each accepted deal gets a verdict, fits, ask me or refuse, ' +
      'with its reasons (docs/decisions/0023-the-bloggers-rules.md). Absent: no rules, everything fits.',
  ),
});
export type BlogConfig = z.infer<typeof BlogConfig>;

export const Config = z
  .object({
    marketplace: z
      .object({
        baseUrl: httpUrl.describe(
          'The service root ({base_url}), http(s); paths beginning with /v1 are appended.',
        ),
        apiKey: secret.describe(
          "The blogger's API key: role `bloger`, scopes read + write. A secret (`{ env: NAME }`, `{ file: PATH }`).",
        ),
        timeoutMs: z
          .number()
          .int()
          .positive()
          .default(15_000)
          .describe('Per HTTP request, not counting the wait for a rate-limit slot.'),
        requestsPerMinute: z
          .number()
          .int()
          .positive()
          .default(60)
          .describe("The key's limit; every process using the key shares it through Redis."),
        rateLimitWindowMs: z
          .number()
          .int()
          .min(1_000)
          .max(3_600_000)
          .default(60_000)
          .describe(
            "The window `requestsPerMinute` is counted in: the marketplace's minute. Change it only to match a " +
              'sandbox whose limit is scaled in time (`sandbox --window-ms 6000`, the benchmarks).',
          ),
        maxPauseSeconds: z
          .number()
          .int()
          .min(1)
          .max(3_600)
          .default(300)
          .describe(
            'The longest pause the marketplace can impose with a 429 (`Retry-After`, or `X-RateLimit-Reset`): ' +
              'pressbridge waits min(asked, this), then tries again. Minutes, not hours: a deal has 60 minutes, one ' +
              'try every few minutes costs nothing against the limit, and a wrong or hostile header cannot silence ' +
              'intake for longer (docs/guarantees.md, "Bounded waits").',
          ),
        timeZone: z
          .string()
          .default(SERVICE_TIME_ZONE)
          .refine(isKnownTimeZone, { error: ruleText('rule.time_zone') })
          .describe(
            "The IANA zone of the service's `YYYY-MM-DD HH:MM:SS` date-times (`publish_deadline`, `changed_at`, " +
              '`zmeneno_od`); ISO 8601 values with `Z` or an offset are read as they say. Set `UTC` when the ' +
              'status page or `doctor` reports that `publish_deadline` reads 60 or 120 min early.',
          ),
      })
      .describe(
        'The marketplace API: where it is, the key, the shared rate limit, the zone of its date-times.',
      ),
    redis: z
      .object({
        url: z
          .string()
          .default('redis://127.0.0.1:6379')
          .describe(
            '`redis://[user:pass@]host[:port][/db]`, `rediss://…` (TLS) or `unix:///path/to.sock`. BullMQ needs ' +
              "`maxmemory-policy noeviction`; AOF persistence recommended. The setup writes pressbridge's own " +
              '(`unix://<dataDir>/redis/redis.sock` with `embedded: true`) unless it was given one.',
          ),
        prefix: z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/, ruleText('config.rule.prefix_chars'))
          .default('pressbridge')
          .describe(
            'Prefix of every key (queue, deal records, limiter); letters, digits, - and _. One installation per prefix.',
          ),
        embedded: z
          .boolean()
          .default(false)
          .describe(
            'pressbridge runs `redis-server` from the PATH itself: data and AOF in `<dataDir>/redis`, one per data ' +
              'folder, stopped with pressbridge and started again when it dies. With a `unix://` `url` always, on ' +
              "that socket and no TCP port (pressbridge's own Redis, as the setup writes it); with a TCP `url` only " +
              'when nothing answers there, on a free loopback port (the demo). Commands reach it while pressbridge runs.',
          ),
      })
      .prefault({})
      .describe('The Redis that holds the queue, the deal records, the logs and the rate limiter.'),
    webhook: z
      .object({
        listen: listen('webhook').describe(
          'The webhook listener. It runs only while the intake takes webhooks (`intake.mode` `webhook` or ' +
            '`both`, or a webhook registered): in poll mode nothing listens. Like the status listener it ' +
            'answers `GET /healthz` and `GET /readyz`.',
        ),
        path: z
          .string()
          .startsWith('/', ruleText('config.rule.starts_with_slash'))
          .default('/webhook')
          .describe('Where deliveries are accepted.'),
        secret: secret.optional().describe("A secret to accept besides the secret file's."),
        previousSecret: secret
          .optional()
          .describe('The secret before the last rotation, accepted until `previousSecretValidUntil`.'),
        previousSecretValidUntil: z.iso
          .datetime({ offset: true })
          .optional()
          .describe('ISO 8601 with an offset; required when `previousSecret` is set.'),
        rotationGraceMinutes: z
          .number()
          .int()
          .min(0)
          .default(24 * 60)
          .describe('How long `webhook rotate` keeps the old secret valid.'),
        signatureHeader: z
          .string()
          .optional()
          .describe('The header that carries the signature; absent: any single `X-*-Signature` header.'),
        maxBodyBytes: z
          .number()
          .int()
          .positive()
          .default(1024 * 1024)
          .describe('Larger bodies, also after decompression, get 413.'),
        secretFile: z
          .string()
          .optional()
          .describe(
            'Where `webhook register` / `rotate` keep the secret the marketplace returned (mode 0600); re-read ' +
              'when it changes. Absent: `<dataDir>/webhook-secret.json`.',
          ),
      })
      .prefault({})
      .describe('The listener the marketplace delivers its signed webhooks to.'),
    worker: z
      .object({
        concurrency: z.number().int().min(1).max(32).default(2).describe('Deals processed at once.'),
        attempts: z
          .number()
          .int()
          .min(1)
          .max(20)
          .default(8)
          .describe(
            'Attempts per deal for retryable errors (marketplace 5xx/429/timeouts, WordPress or GitHub down), ' +
              'with exponential backoff from `backoffMs`: 8 from 5 s span about 10½ minutes, inside the 60-minute ' +
              'deadline. Then the deal is `failed` with the reason; a retry by hand runs it again.',
          ),
        backoffMs: z
          .number()
          .int()
          .min(100)
          .max(600_000)
          .default(5_000)
          .describe('The first retry delay; it doubles with each attempt.'),
      })
      .prefault({})
      .describe('The worker that runs one job per deal.'),
    status: z
      .object({
        listen: listen('status').describe(
          'The status page and `/metrics`, and without a password `GET /healthz` (the process answers) and ' +
            '`GET /readyz` (503 unless Redis answers and the worker runs), for health checks in every intake mode.',
        ),
        password: secret
          .optional()
          .describe(
            'HTTP Basic password (any user name); without it the page answers only on loopback and refuses ' +
              'another address. A secret.',
          ),
        hosts: StatusHostsSetting.describe(
          'Host names the status page (and the first-run setup page) answer to besides localhost and ' +
            "127.0.0.1: the name you open it under (a LAN name, a reverse proxy's public name). A request " +
            'addressed to any other name is refused (DNS rebinding); with a password it counts its wrong ' +
            "guesses apart from the owner's. A list, or comma-separated (`PRESSBRIDGE_STATUS_HOSTS`).",
        ),
        trustProxy: TrustProxySetting.describe(
          'Whose `X-Forwarded-For` counts for the password-guess limit: `false` (the connecting address), the ' +
            "reverse proxy's addresses or CIDR ranges (a list, or comma-separated), or a hop count 1–10; `true` " +
            'is refused (docs/security/status-and-money.md).',
        ),
        publicUrl: StatusPublicUrlSetting.describe(
          "Where you open the status page from elsewhere (your phone): the reverse proxy's address, e.g. " +
            '`https://status.blog.example.cz/` (a host name of its own, no path). Notifications link there ' +
            'instead of the loopback address, and the page answers to its name as if listed in `hosts`. Needs ' +
            '`password` (docs/remote-access.md).',
        ),
      })
      .superRefine((status, ctx) => {
        const host = status.publicUrl === undefined ? undefined : new URL(status.publicUrl).host;
        if (host !== undefined && !isLoopbackHost(host) && status.password === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['publicUrl'],
            message: ruleText('config.rule.public_url_password', { url: String(status.publicUrl) }),
          });
        }
      })
      .prefault({})
      .describe('The status page: overview, deals, logs, notifications, earnings.'),
    log: z
      .object({
        level: z
          .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace'])
          .default('info')
          .describe(
            'Logs go to stdout, secrets redacted: one readable line per event on a terminal, JSON lines (pino) anywhere else (`PRESSBRIDGE_LOG_FORMAT=json|pretty` forces either).',
          ),
      })
      .prefault({}),
    pipeline: PipelineSettings.prefault({}).describe(
      'Photo size and format, URL verification and hand-in pacing.',
    ),
    render: RenderSettings.prefault({}).describe(
      "Limits on one article's rendering, and the render threads.",
    ),
    intake: IntakeSettings.prefault({}).describe(
      'How deals come in: polling the marketplace (no inbound port), the signed webhook, or both.',
    ),
    demands: DemandSettings.prefault({}).describe(
      "The marketplace's demands: read by webhook and poll at low priority, judged by each blog's rules, offered on.",
    ),
    reconcile: ReconcileSettings.prefault({}).describe(
      'The sweep for accepted deals whose webhook never arrived.',
    ),
    ui: UiSettings.prefault({}).describe(
      'The language the blogger reads: status page, CLI messages, notifications.',
    ),
    notify: NotifySettings.prefault({}).describe('Notification channels and rules (docs/notifications.md).'),
    money: MoneySettings.prefault({}).describe(
      'The payout overview (`GET /v1/payouts`) behind the Earnings page: read at low priority, by a process ' +
        'that runs the worker, at most once per `intervalMinutes` across every process and restart.',
    ),
    watch: WatchSettings.prefault({}).describe(
      'The check of live articles through the claim window (docs/watching.md).',
    ),
    evidence: EvidenceSettings.prefault({}).describe(
      "What the article watcher keeps on disk per deal, outside Redis: the checks, the page's hashes, the article's snapshots (docs/watching.md).",
    ),
    dataDir: z
      .string()
      .default('./.data')
      .describe(
        "Folder for pressbridge's own files (the webhook secret file, embedded Redis data, static sites).",
      ),
    blogs: z.array(BlogConfig).default([]).describe('One entry per marketplace blog.'),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<number, number>();
    config.blogs.forEach((blog, index) => {
      const first = seen.get(blog.id);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['blogs', index, 'id'],
          message: ruleText('config.rule.blog_twice', { id: String(blog.id), first: String(first) }),
        });
      } else seen.set(blog.id, index);
    });
    if (config.webhook.previousSecret && !config.webhook.previousSecretValidUntil) {
      ctx.addIssue({
        code: 'custom',
        path: ['webhook', 'previousSecretValidUntil'],
        message: ruleText('config.rule.previous_secret_until'),
      });
    }
  });
export type Config = z.infer<typeof Config>;
