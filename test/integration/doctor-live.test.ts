/**
 * `pressbridge doctor --live` as a user runs it (a real `pressbridge` process) against the sandbox marketplace
 * and the machine's Redis: every assumption held against the sandbox as the document reads; the exact
 * differing lines and a non-zero exit against a sandbox replaying a changed shape (a renamed text field via
 * --profile) and against one sending UTC date-times; the saved capture holds no key, no secret, no article text.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Capture, parseCapture } from '../../src/capture/capture.js';
import { createDealStore } from '../../src/deals/store.js';
import { createSandbox, profileFromCapture, type SandboxOptions } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli-runner.js';
import { foreignLines } from '../helpers/language.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const API_KEY = 'pb-live-key-7f3a9c21d4';
const WEBHOOK_SECRET = 'whsec-live-5be0c7a9e13f44d2';
const TITLE = 'Zahradní sekačka pro malou zahradu: tajný testovací titulek';

/** Minutes Prague is ahead of UTC right now (60 in winter, 120 in summer). */
function pragueOffsetMinutes(): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Prague',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      day: '2-digit',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const now = new Date();
  let diff = (Number(parts.hour) - now.getUTCHours()) * 60 + (Number(parts.minute) - now.getUTCMinutes());
  if (Number(parts.day) !== now.getUTCDate()) diff += 24 * 60;
  return ((diff % 1440) + 1440) % 1440;
}

describe('pressbridge doctor --live (integration)', () => {
  let dir: string;
  let redis: Redis;
  const prefixes: string[] = [];
  const cleanup: Array<() => Promise<void>> = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-doctor-live-'));
    redis = createTestRedis();
  });
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A sandbox with one deal awaiting its article and one pressbridge handed in; a config pointing at it. */
  async function setup(
    options: SandboxOptions = {},
    setupOptions: { deals?: boolean; configKey?: string; language?: 'cs' | 'en' } = {},
  ) {
    const sandbox = await createSandbox({ apiKey: API_KEY, checkReachability: false, ...options });
    cleanup.push(() => sandbox.close());
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const config = join(dir, `${prefix}.yaml`);
    writeFileSync(
      config,
      [
        'marketplace:',
        `  baseUrl: ${sandbox.url}`,
        `  apiKey: ${setupOptions.configKey ?? API_KEY}`,
        'webhook:',
        `  secret: ${WEBHOOK_SECRET}`,
        'redis:',
        `  url: ${TEST_REDIS_URL}`,
        `  prefix: ${prefix}`,
        `dataDir: ${join(dir, prefix)}`,
        'blogs:',
        '  - id: 1',
        '    publisher: static',
        '    options:',
        `      dir: ${join(dir, prefix, 'site')}`,
        '      baseUrl: http://127.0.0.1/',
        'ui:',
        `  language: ${setupOptions.language ?? 'en'}`,
        '',
      ].join('\n'),
    );
    if (setupOptions.deals === false) return { sandbox, config, handedId: 0 };
    await sandbox.createDeal({ deliver: false, title: TITLE });
    const handed = await sandbox.createDeal({ deliver: false, title: TITLE, photos: 2 });
    const url = `http://127.0.0.1/clanek-${handed.id}/`;
    const answer = await fetch(`${sandbox.url}/v1/deals/${handed.id}/article`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(answer.status).toBe(200);
    // What the daemon's pipeline leaves behind after that hand-in.
    const store = createDealStore({ redis, prefix });
    const now = new Date();
    await store.createIfAbsent({
      dealId: handed.id,
      blogId: 1,
      receivedAt: new Date(now.getTime() - 60_000).toISOString(),
      deadline: new Date(now.getTime() + 59 * 60_000).toISOString(),
    });
    await store.recordStep(handed.id, 'handIn', 'handed_in', 150);
    await store.update(handed.id, { state: 'handed_in', url });
    sandbox.resetStats();
    return { sandbox, config, handedId: handed.id };
  }

  const doctor = (config: string, extra: string[] = []) =>
    runCli(['doctor', '--live', ...extra], {
      env: { ...process.env, PRESSBRIDGE_CONFIG: config, NO_COLOR: '1' },
      timeout: 60_000,
    });

  let heldCapture: Capture;

  it('holds every assumption against the sandbox, spends the seven announced GETs, saves a clean capture', async () => {
    const { sandbox, config, handedId } = await setup();
    const file = join(dir, 'held.json');
    const result = await doctor(config, ['--save', file]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      `Checking the marketplace API assumptions against ${sandbox.url}, read-only: 7 GET requests ` +
        '(/v1/me, /v1/blogs, /v1/blogs/{id}/demands, /v1/deals, /v1/deals/{id}, /v1/deals/{id}/text, ' +
        '/v1/deals/{id}/photos/{n}), never more than 10.',
    );
    const outcomes = lines.filter((l) => /^(held|DIFFERS|skipped)\s/.test(l));
    expect(outcomes.map((l) => l.split(':')[0]?.replace(/\s+/g, ' '))).toEqual([
      'held identity and scopes',
      'held blog list and publishing modes',
      'held demands of blog 1',
      'held deals list envelope and paging',
      'held date-time format and zone',
      'held deal detail',
      'held deal text',
      'held photo content type',
      'held rate-limit headers',
    ]);
    expect(result.stdout).toContain(
      `GET /v1/deals/{id}/text (deal ${handedId}): fields as assumed, 3 photo(s)`,
    );
    expect(result.stdout).toContain(
      "consistent with Europe/Prague (checked against pressbridge's hand-in, the service clock (Date))",
    );

    // Exactly the announced requests reached the service, all reads.
    const stats = sandbox.stats();
    expect(stats.totalRequests).toBe(7);
    expect(stats.requests.every((r) => r.method === 'GET' && r.status === 200)).toBe(true);

    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(WEBHOOK_SECRET);
    expect(text).not.toContain(TITLE);
    expect(text).not.toContain('Jaro je tu');
    expect(text).not.toContain('zahradni-technika');
    expect(text).not.toContain('clanek-');
    heldCapture = parseCapture(text, file);
    expect(heldCapture.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /v1/me 200',
      'GET /v1/blogs 200',
      'GET /v1/blogs/{id}/demands 200',
      'GET /v1/deals 200',
      'GET /v1/deals/{id} 200',
      'GET /v1/deals/{id}/text 200',
      'GET /v1/deals/{id}/photos/{n} 200',
    ]);
    expect(heldCapture.dates).toEqual({ form: 'YYYY-MM-DD HH:MM:SS', zone: 'Europe/Prague' });
    expect(heldCapture.requests.find((r) => r.path === '/v1/deals/{id}/text')?.shape).toMatchObject({
      type: 'object',
      fields: { text: { type: 'string' } },
    });
  });

  it('names a renamed text field exactly when the sandbox replays such a capture, and exits 1', async () => {
    expect(heldCapture).toBeDefined();
    const renamed = structuredClone(heldCapture);
    const text = renamed.requests.find((r) => r.path === '/v1/deals/{id}/text');
    if (text?.shape?.type !== 'object') throw new Error('the capture has no text shape');
    const { text: field, ...rest } = text.shape.fields;
    text.shape = { type: 'object', fields: { obsah: field ?? { type: 'string' }, ...rest } };
    const { config, handedId } = await setup({ profile: profileFromCapture(renamed) });

    const result = await doctor(config);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`DIFFERS  deal text: GET /v1/deals/{id}/text (deal ${handedId})\n`);
    expect(result.stdout).toContain(
      '           text: found missing (unexpected fields: obsah: string), expected string\n',
    );
    expect(result.stdout.match(/^DIFFERS/gm)).toHaveLength(1);
    expect(result.stdout).not.toContain(TITLE);
    expect(result.stdout).not.toContain('Jaro je tu');
  });

  it('proves UTC date-times against its own hand-in, names the fix, and the capture replays as UTC', async () => {
    const { config, handedId } = await setup({ dateFormat: 'utc' });
    const file = join(dir, 'utc.json');
    const result = await doctor(config, ['--save', file]);
    expect(result.code).toBe(1);
    const minutes = pragueOffsetMinutes();
    expect(result.stdout).toMatch(
      /^DIFFERS {2}date-time format and zone: \d+ date-time\(s\) read; \d difference\(s\)$/m,
    );
    expect(result.stdout).toContain(
      `           GET /v1/deals: data[].changed_at: found reads ${minutes} min before pressbridge's hand-in of deal ${handedId} (as Europe/Prague), expected not before it\n`,
    );
    expect(result.stdout).toContain('fix: the service seems to send UTC: set marketplace.timeZone: UTC');
    expect(result.stdout.match(/^DIFFERS/gm)).toHaveLength(1);

    const capture = parseCapture(readFileSync(file, 'utf8'), file);
    expect(capture.dates).toEqual({ form: 'YYYY-MM-DD HH:MM:SS', zone: 'UTC' });
    const replay = await createSandbox({ profile: profileFromCapture(capture) });
    cleanup.push(() => replay.close());
    expect(replay.dateFormat).toBe('utc');
  });

  it('skips what it cannot check on an account without deals, and says the zone is not yet provable', async () => {
    const { sandbox, config } = await setup({}, { deals: false });
    const result = await doctor(config);
    expect(result.code, result.stdout).toBe(0);
    const why = 'no deal of the account has its text yet (a state from akceptovano on)';
    for (const name of ['deal detail', 'deal text', 'photo content type']) {
      expect(result.stdout).toContain(`skipped  ${name}: ${why}\n`);
    }
    expect(result.stdout).toContain(
      'shows only against a deal pressbridge handed in: run again after the first hand-in',
    );
    expect(result.stdout).toContain('Every checked assumption held (4 requests sent).');
    expect(sandbox.stats().totalRequests).toBe(4);
  });

  it('speaks Czech on every line when the config says cs, check names and details too', async () => {
    const { config } = await setup({}, { deals: false, language: 'cs' });
    const result = await doctor(config);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toMatch(
      /^Ověřuji předpoklady o API tržiště proti http:\/\/\S+, jen čtením: 7 požadavků GET/,
    );
    expect(result.stdout).toContain(
      'platí      identita a oprávnění: GET /v1/me: samotný objekt, role bloger',
    );
    expect(result.stdout).toContain(
      'neověřeno  detail obchodu: žádný obchod účtu zatím nemá text (stav od akceptovano dál)\n',
    );
    expect(result.stdout).toContain('Všechny ověřené předpoklady platí (odesláno požadavků: 4).');
    expect(foreignLines(result.stdout, 'cs')).toEqual([]);
  });

  it('counts the demands a complete blog is offered, and names blog_neuplny with what to fix', async () => {
    const { sandbox, config } = await setup({}, { deals: false });
    await sandbox.createDemand({ name: 'Sekačky', reward: 1000, deliver: false });
    await sandbox.createDemand({ name: 'Grily', reward: 1200, deliver: false });

    const complete = await doctor(config);

    expect(complete.code, complete.stdout).toBe(0);
    expect(complete.stdout).toContain(
      'held     demands of blog 1: GET /v1/blogs/{id}/demands (blog 1): {data: [...]}, 2 demand(s) available\n',
    );

    const patched = await fetch(`${sandbox.url}/v1/blogs/1`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ min_price: 0 }),
    });
    expect(patched.status).toBe(200);
    sandbox.resetStats();
    const incomplete = await doctor(config);

    expect(incomplete.code).toBe(1);
    expect(incomplete.stdout).toContain(
      'DIFFERS  demands of blog 1: GET /v1/blogs/{id}/demands (blog 1) answered 422 blog_neuplny: the blog is ' +
        'incomplete, so the marketplace offers it no demands\n',
    );
    expect(incomplete.stdout).toMatch(
      /fix: on the marketplace, set blog 1's minimum price per article, update/,
    );
    expect(incomplete.stdout.match(/^DIFFERS/gm)).toHaveLength(1);
    // A 422 is final: the client does not repeat it.
    expect(sandbox.stats().totalRequests).toBe(4);
  });

  it('stops after GET /v1/me when the key is refused, with the error code', async () => {
    const { sandbox, config } = await setup({}, { deals: false, configKey: 'not-the-key' });
    const result = await doctor(config);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('DIFFERS  identity and scopes: GET /v1/me answered 401 neplatny_klic\n');
    expect(result.stdout).toContain('skipped  the other assumptions: GET /v1/me answered 401\n');
    expect(sandbox.stats().totalRequests).toBe(1);
    expect(result.stdout + result.stderr).not.toContain('not-the-key');
  });
});
