import { z } from 'zod';
import { UiSettings } from '../i18n/settings.js';
import { isKnownTimeZone } from '../marketplace/date-time.js';
import { SERVICE_TIME_ZONE } from '../marketplace/schema.js';
import { MoneySettings } from '../money/settings.js';
import { NotifySettings } from '../notify/settings.js';
import { PipelineSettings } from '../pipeline/settings.js';
import { ReconcileSettings } from '../reconcile/settings.js';
import { RenderSettings } from '../render/limits.js';
import { DisclosureSettings, LinkSettings } from '../render/policy.js';
import { TrustProxySetting } from '../status/settings.js';
import { WatchSettings } from '../watch/settings.js';

/**
 * A secret may be written in the file as a plain string, or as a reference: `{ env: NAME }` reads an
 * environment variable, `{ file: /run/secrets/x }` reads a file (Docker secrets). References are resolved by
 * `load.ts` before this schema sees the value, so the schema only ever sees strings.
 */
const secret = z.string().min(1, 'must not be empty');

const listen = (defaultHost: string, defaultPort: number) =>
  z
    .object({
      host: z.string().default(defaultHost),
      port: z.number().int().min(0).max(65535).default(defaultPort),
    })
    .prefault({});

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const BlogConfig = z.object({
  /** The marketplace's blog id (`GET /v1/blogs`). */
  id: z.number().int().positive(),
  /** A name for logs and the status page; defaults to the marketplace's name. */
  name: z.string().optional(),
  /** Which publisher plugin publishes this blog's articles. */
  publisher: z.string().min(1),
  /** The plugin's own settings, validated by the plugin's schema at start-up. */
  options: z.record(z.string(), z.unknown()).default({}),
  /**
   * What to do with a deal that the blogger publishes by hand (`published_by: "bloger"`): `skip` (default)
   * records it and does nothing; `draft` asks the publisher to create a draft holding the brief.
   */
  bloggerPublished: z.enum(['skip', 'draft']).default('skip'),
  /**
   * The label that marks the article as paid (src/render/policy.ts): "Komerční sdělení" above the article
   * unless the blogger writes `disclosure: false`; `{ text, position, className }` changes it. Absent: the
   * defaults (see `articlePolicy`).
   */
  disclosure: DisclosureSettings.optional(),
  /** What pressbridge adds to the advertiser's links: `rel` (`keep`, the default, adds nothing). */
  links: LinkSettings.optional(),
});
export type BlogConfig = z.infer<typeof BlogConfig>;

export const Config = z
  .object({
    marketplace: z.object({
      /** The service root ({base_url}); paths beginning with /v1 are appended to it. */
      baseUrl: httpUrl,
      apiKey: secret,
      /** Per-request timeout. */
      timeoutMs: z.number().int().positive().default(15_000),
      /** The key's limit; all processes using the key share it through Redis. */
      requestsPerMinute: z.number().int().positive().default(60),
      /**
       * The window `requestsPerMinute` is counted in: 60 000 ms, the marketplace's minute. Change it only to match
       * a sandbox whose limit is scaled in time (`sandbox --window-ms 6000`, the benchmarks: 60 requests per 6 s).
       */
      rateLimitWindowMs: z.number().int().min(1_000).max(3_600_000).default(60_000),
      /**
       * The IANA zone of the service's `YYYY-MM-DD HH:MM:SS` date-times (`publish_deadline`, `changed_at`, …).
       * The document implies Europe/Prague; set `UTC` when the status page or `doctor` says the deadlines read
       * an hour or two early. ISO 8601 values with `Z` or an offset are read as they say, whatever this is.
       */
      timeZone: z
        .string()
        .default(SERVICE_TIME_ZONE)
        .refine(isKnownTimeZone, { error: 'must be an IANA time zone such as Europe/Prague or UTC' }),
    }),
    redis: z
      .object({
        url: z.string().default('redis://127.0.0.1:6379'),
        /** Key prefix for BullMQ queues and pressbridge's own keys; one daemon per prefix. */
        prefix: z
          .string()
          .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
          .default('pressbridge'),
        /**
         * When the Redis at `url` does not answer, start `redis-server` from the PATH as a child process (data
         * and AOF in `<dataDir>/redis`). For single-machine use and the demo; off in production configs.
         */
        embedded: z.boolean().default(false),
      })
      .prefault({}),
    webhook: z
      .object({
        listen: listen('0.0.0.0', 8080),
        path: z.string().startsWith('/', 'must start with /').default('/webhook'),
        secret: secret.optional(),
        /** The secret before the last rotation, accepted until `previousSecretValidUntil`. */
        previousSecret: secret.optional(),
        previousSecretValidUntil: z.iso.datetime({ offset: true }).optional(),
        /** How long `webhook rotate` keeps the old secret valid. */
        rotationGraceMinutes: z
          .number()
          .int()
          .min(0)
          .default(24 * 60),
        /** Header that carries the signature; by default any single `X-*-Signature` header. */
        signatureHeader: z.string().optional(),
        maxBodyBytes: z
          .number()
          .int()
          .positive()
          .default(1024 * 1024),
        /** Where `webhook register` / `rotate` store the secret returned by the marketplace. */
        secretFile: z.string().optional(),
      })
      .prefault({}),
    worker: z
      .object({
        concurrency: z.number().int().min(1).max(32).default(2),
        /**
         * Attempts per deal for retryable errors (marketplace 5xx/429/timeouts, WordPress or GitHub down), with
         * exponential backoff from `backoffMs`: 8 attempts from 5 s span about 10½ minutes, well inside the
         * 60-minute deadline. Then the deal is `failed` with the reason; "retry" runs it again.
         */
        attempts: z.number().int().min(1).max(20).default(8),
        backoffMs: z.number().int().min(100).max(600_000).default(5_000),
      })
      .prefault({}),
    status: z
      .object({
        listen: listen('127.0.0.1', 8081),
        password: secret.optional(),
        /** Whose X-Forwarded-* headers to believe (default: nobody's); see src/status/settings.ts. */
        trustProxy: TrustProxySetting,
      })
      .prefault({}),
    log: z
      .object({
        level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
      })
      .prefault({}),
    /** Photo size and format, URL verification and hand-in pacing (see src/pipeline/options.ts). */
    pipeline: PipelineSettings.prefault({}),
    /** Limits on one article's rendering and the render threads (see src/render/limits.ts). */
    render: RenderSettings.prefault({}),
    /** The sweep for accepted deals whose webhook never arrived (see src/reconcile/index.ts). */
    reconcile: ReconcileSettings.prefault({}),
    /** The language the blogger reads: status page, CLI messages, notifications (src/i18n/). */
    ui: UiSettings.prefault({}),
    /** Notification channels and rules (src/notify/). */
    notify: NotifySettings.prefault({}),
    /** The payout overview (src/money/). */
    money: MoneySettings.prefault({}),
    /** The check of live articles until they are paid (src/watch/). */
    watch: WatchSettings.prefault({}),
    /** Folder for pressbridge's own files (embedded Redis data, static sites). */
    dataDir: z.string().default('./.data'),
    blogs: z.array(BlogConfig).default([]),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<number, number>();
    config.blogs.forEach((blog, index) => {
      const first = seen.get(blog.id);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['blogs', index, 'id'],
          message: `blog ${blog.id} is configured twice (also at blogs[${first}])`,
        });
      } else seen.set(blog.id, index);
    });
    if (config.webhook.previousSecret && !config.webhook.previousSecretValidUntil) {
      ctx.addIssue({
        code: 'custom',
        path: ['webhook', 'previousSecretValidUntil'],
        message: 'required when previousSecret is set (the end of the rotation grace period)',
      });
    }
  });
export type Config = z.infer<typeof Config>;
