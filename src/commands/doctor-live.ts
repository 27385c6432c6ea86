/**
 * `pressbridge doctor --live`: every working assumption about the marketplace API checked against the real
 * service, read-only. It announces its requests first (six GETs and one demand list per configured blog, at most
 * two; the recorder refuses an eleventh), sends them through the daemon's own client (so through the shared rate
 * limiter), and prints one line per assumption:
 * held, differs (with field path, shape found, shape expected; never article content) or not checked.
 * `--save <file>` writes a redacted capture (src/capture/capture.ts). Exit status 1 when anything differs.
 */
import { writeFileSync } from 'node:fs';
import {
  CAPTURE_VERSION,
  type Capture,
  pickHeaders,
  serializeCapture,
  templatePath,
} from '../capture/capture.js';
import { describeShape } from '../capture/shape.js';
import type { CommandContext } from '../command-context.js';
import type { Config } from '../config/schema.js';
import { errorSaid, type Phrase, type Said } from '../errors.js';
import type { DealState } from '../marketplace/schema.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { VERSION } from '../version.js';
import { readSecretFile, secretFilePath } from '../webhook/secret-file.js';
import { type CommonOptions, withContext } from './context.js';
import { englishCheck, type LiveCheck, liveCheck, notChecked } from './doctor-live-check.js';
import {
  checkBlogs,
  checkDealDetail,
  checkDealList,
  checkDealText,
  checkIdentity,
  checkPhoto,
  checkRateLimitHeaders,
  listOf,
  objectOf,
} from './doctor-live-checks.js';
import { checkDates, type DateAnchor, type DateReading, DEFAULT_SERVICE_ZONE } from './doctor-live-dates.js';
import { checkDemands, demandsPath, MAX_DEMAND_BLOGS } from './doctor-live-demands.js';
import { printChecks } from './doctor-live-print.js';
import { createRecorder, type Recorder } from './doctor-live-record.js';

/** Never more requests than this, retries included. */
export const LIVE_REQUEST_BUDGET = 10;
const PLANNED = [
  '/v1/me',
  '/v1/blogs',
  '/v1/blogs/{id}/demands',
  '/v1/deals',
  '/v1/deals/{id}',
  '/v1/deals/{id}/text',
  '/v1/deals/{id}/photos/{n}',
];
const PAGE = { page: 1, perPage: 50 };
/**
 * The states in which a deal's text is issued (from `akceptovano` on; `storno` and `proplaceno_text` are
 * historical), best first for the probe: a handed-in deal's text is certainly there.
 */
export const TEXT_STATES_BEST_FIRST: readonly DealState[] = [
  'ke_schvaleni',
  'proplaceno',
  'arbitraz',
  'arbitraz_neproplaceno',
  'akceptovano',
];

/** The configured blogs whose demands are read (the first MAX_DEMAND_BLOGS). */
function demandBlogIds(config: Readonly<Config>): number[] {
  return config.blogs.slice(0, MAX_DEMAND_BLOGS).map((b) => b.id);
}

/** The GETs announced: one demand list per blog read, the others once. */
function planned(config: Readonly<Config>): string[] {
  const blogs = demandBlogIds(config).length;
  return PLANNED.flatMap((p) => (p === '/v1/blogs/{id}/demands' ? Array(blogs).fill(p) : [p]));
}

/** `marketplace.timeZone` when the config has it, else the working assumption's zone. */
function serviceZone(config: Readonly<Config>): string {
  const zone = (config.marketplace as { timeZone?: unknown }).timeZone;
  return typeof zone === 'string' && zone !== '' ? zone : DEFAULT_SERVICE_ZONE;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/** Runs a request; what went wrong, for the reader ('' when nothing did). */
async function attempt(run: () => Promise<unknown>): Promise<Said> {
  try {
    await run();
    return '';
  } catch (error) {
    return errorSaid(error);
  }
}

/** Date-time strings in the answers, and the instants they must respect (see doctor-live-dates.ts). */
async function dateEvidence(
  ctx: CommandContext,
  recorder: Recorder,
): Promise<{ readings: DateReading[]; anchors: DateAnchor[] }> {
  const readings: DateReading[] = [];
  const anchors: DateAnchor[] = [];
  // The service's clock: the last answer's `Date`; its distance to this machine's clock corrects our own instants.
  const clock = recorder.answers.findLast((a) => !Number.isNaN(Date.parse(a.headers.get('date') ?? '')));
  const serviceNow = clock ? Date.parse(clock.headers.get('date') ?? '') : Number.NaN;
  const skewMs = clock ? serviceNow - clock.receivedAt : 0;
  const blogs = recorder.last('GET', '/v1/blogs');
  for (const blog of listOf(objectOf(blogs?.json).data)) {
    for (const field of ['monthly_visitors_updated', 'metrics_updated']) {
      const value = objectOf(blog)[field];
      if (typeof value === 'string') readings.push({ where: `GET /v1/blogs: data[].${field}`, value });
    }
  }
  const list = recorder.last('GET', '/v1/deals');
  for (const raw of listOf(objectOf(list?.json).data)) {
    const deal = objectOf(raw);
    if (typeof deal.changed_at !== 'string' || typeof deal.id !== 'number') continue;
    const reading = { where: 'GET /v1/deals: data[].changed_at', value: deal.changed_at };
    readings.push(reading);
    const record = await ctx.store.get(deal.id).catch(() => undefined);
    const handIn = record?.steps.handIn;
    if (deal.state === 'ke_schvaleni' && record?.state === 'handed_in' && handIn) {
      const instant = Date.parse(handIn.startedAt) + handIn.ms + skewMs;
      anchors.push({ reading, instant, rule: 'notBefore', what: { kind: 'hand_in', dealId: deal.id } });
    }
  }
  if (!Number.isNaN(serviceNow)) {
    for (const reading of readings)
      anchors.push({
        reading,
        instant: serviceNow + 1_000,
        rule: 'notAfter',
        what: { kind: 'clock' },
      });
  }
  return { readings, anchors };
}

export async function runLiveChecks(
  ctx: CommandContext,
  recorder: Recorder,
): Promise<{ checks: LiveCheck[]; dates: Capture['dates'] }> {
  const client = ctx.client;
  const high = { priority: 'high' as const };
  const checks: LiveCheck[] = [];
  const meError = await attempt(() => client.me(high));
  checks.push(checkIdentity(recorder.last('GET', '/v1/me'), meError));
  const unknownDates = { form: null, zone: null };
  const me = recorder.last('GET', '/v1/me');
  if (me?.status !== 200) {
    const where = 'GET /v1/me';
    const why: Phrase =
      me !== undefined
        ? { key: 'live.answered', params: { where, status: String(me.status), code: '' } }
        : recorder.sent === 0
          ? { key: 'live.not_sent', params: { where } }
          : { key: 'live.no_answer', params: { where } };
    return { checks: [...checks, notChecked({ key: 'live.name.others' }, why)], dates: unknownDates };
  }
  const blogsError = await attempt(() => client.listBlogs(high));
  checks.push(checkBlogs(recorder.last('GET', '/v1/blogs'), blogsError));
  // The market as the daemon's intake reads it: each configured blog's demands (at the intake's low priority).
  for (const blogId of demandBlogIds(ctx.config)) {
    const demandsError = await attempt(() => client.listDemands(blogId));
    checks.push(checkDemands(recorder.last('GET', demandsPath(blogId)), demandsError, blogId));
  }
  const listError = await attempt(() => client.listDeals(PAGE, high));
  const list = recorder.last('GET', '/v1/deals');
  checks.push(checkDealList(list, listError, PAGE));

  const { readings, anchors } = await dateEvidence(ctx, recorder);
  const dates = checkDates(readings, anchors, serviceZone(ctx.config));
  checks.push(
    liveCheck(dates.held ? 'held' : 'differs', {
      name: { key: 'live.name.dates' },
      detail: dates.said.detail,
      differences: dates.differences,
      ...(dates.said.fix ? { fix: dates.said.fix } : {}),
    }),
  );

  const candidates = listOf(objectOf(list?.json).data).map(objectOf);
  const chosen = TEXT_STATES_BEST_FIRST.map((s) =>
    candidates.find((d) => d.state === s && typeof d.id === 'number'),
  ).find(Boolean);
  const dealId = typeof chosen?.id === 'number' ? chosen.id : undefined;
  const why: Phrase = { key: 'live.no_text_yet' };
  if (dealId === undefined) {
    for (const name of ['live.name.deal_detail', 'live.name.deal_text', 'live.name.photo'])
      checks.push(notChecked({ key: name }, why));
  } else {
    const detailError = await attempt(() => client.getDeal(dealId, high));
    checks.push(checkDealDetail(recorder.last('GET', `/v1/deals/${dealId}`), detailError, dealId));
    const textError = await attempt(() => client.getDealText(dealId, high));
    const text = recorder.last('GET', `/v1/deals/${dealId}/text`);
    checks.push(checkDealText(text, textError, dealId, new URL(client.baseUrl).origin));
    // A photo pressbridge would fetch: one on another host is the text line's finding, and never fetched.
    const origin = new URL(client.baseUrl).origin;
    const photo = listOf(objectOf(text?.json).photos)
      .map(objectOf)
      .find((p) => typeof p.n === 'number' && (typeof p.url !== 'string' || sameOrigin(p.url, origin)));
    if (text?.status !== 200 || !photo || typeof photo.n !== 'number') {
      checks.push(
        notChecked(
          { key: 'live.name.photo' },
          text?.status === 200
            ? { key: 'live.no_photo', params: { deal: String(dealId) } }
            : { key: 'live.no_text_answer' },
        ),
      );
    } else {
      const n = photo.n;
      const photoError = await attempt(() =>
        client.getDealPhoto(
          dealId,
          { n, ...(typeof photo.url === 'string' ? { url: photo.url } : {}) },
          high,
        ),
      );
      checks.push(checkPhoto(recorder.last('GET', /\/photos\/\d+$/), photoError, n));
    }
  }
  checks.push(checkRateLimitHeaders(recorder.answers, ctx.config.marketplace.requestsPerMinute));
  return { checks, dates: { form: dates.form, zone: dates.zone } };
}

export function buildCapture(
  recorder: Recorder,
  result: { checks: LiveCheck[]; dates: Capture['dates'] },
): Capture {
  return {
    captureVersion: CAPTURE_VERSION,
    pressbridge: VERSION,
    capturedAt: new Date().toISOString(),
    dates: result.dates,
    requests: recorder.answers.map((a) => ({
      method: a.method,
      path: templatePath(a.path),
      status: a.status,
      headers: pickHeaders(a.headers),
      ...(a.json === undefined ? {} : { shape: describeShape(a.json) }),
    })),
    checks: result.checks.map(({ name, outcome, detail, differences }) => ({
      name,
      outcome,
      detail,
      differences,
    })),
  };
}

export async function runDoctorLiveCommand(
  options: CommonOptions & { save?: string },
  plugins: PluginRegistry | undefined,
): Promise<void> {
  const recorder = createRecorder(LIVE_REQUEST_BUDGET);
  await withContext(
    options,
    plugins,
    async (ctx, out) => {
      if (!out.json) {
        out.line(
          out.t.t('cli.live.intro', {
            url: ctx.client.baseUrl,
            planned: planned(ctx.config).length,
            paths: [...new Set(planned(ctx.config))].join(', '),
            budget: LIVE_REQUEST_BUDGET,
          }),
        );
      }
      const result = await runLiveChecks(ctx, recorder);
      if (out.json) out.data({ requests: recorder.sent, checks: result.checks.map(englishCheck) });
      else printChecks(out, result.checks);
      const differing = result.checks.filter((c) => c.outcome === 'differs').length;
      if (options.save) {
        const secretFile = (() => {
          try {
            return readSecretFile(secretFilePath(ctx.config));
          } catch {
            return undefined;
          }
        })();
        const text = serializeCapture(buildCapture(recorder, result), [
          ctx.config.marketplace.apiKey,
          ctx.config.webhook.secret,
          secretFile?.secret,
          secretFile?.previousSecret,
        ]);
        writeFileSync(options.save, text);
        if (!out.json) out.line(out.t.t('cli.live.saved', { file: options.save }));
      }
      if (!out.json) {
        out.line();
        out.line(
          differing > 0
            ? out.paint(out.t.t('cli.live.summary_differs', { differing, sent: recorder.sent }), 'red')
            : out.paint(out.t.t('cli.live.summary_held', { sent: recorder.sent }), 'green'),
        );
      }
      if (differing > 0) process.exitCode = 1;
    },
    { fetch: recorder.fetch },
  );
}
