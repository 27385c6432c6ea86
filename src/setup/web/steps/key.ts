/**
 * Step a, the key: the marketplace API address and the blogger's key, checked with `GET /v1/me` (the engine),
 * then the account's blogs listed for step b. A local API address (the sandbox) only when confirmed: the box on
 * the page, `--allow-local` or a yes in the terminal (src/setup/address-guard.ts).
 */
import { AppError } from '../../../errors.js';
import { KeyAnswer } from '../../answers/key.js';
import { readAnswer } from '../../answers/read.js';
import { apiAddressHint } from '../../api-address.js';
import type { SetupDraft } from '../../draft.js';
import type { KeyCheck, SetupEngine } from '../../engine.js';
import { renderKeyPage } from '../views/start.js';
import type { SetupStep } from './step.js';

type TriedKey = Exclude<KeyCheck, { ok: true }> | (Extract<KeyCheck, { ok: true }> & { key: KeyAnswer });

/** The form read by the step's schema, then checked by the marketplace; a refusal of either is the key's check. */
async function tryKey(engine: SetupEngine, form: Record<keyof KeyAnswer, unknown>): Promise<TriedKey> {
  const read = readAnswer(KeyAnswer, form);
  if (!read.ok)
    return { ok: false, problem: 'refused', check: { id: 'key', status: 'fail', detail: read.problem } };
  const checked = await engine.checkKey(read.value);
  return checked.ok ? { ...checked, key: read.value } : checked;
}

async function keep(draft: SetupDraft, engine: SetupEngine, key: KeyAnswer, login: string): Promise<void> {
  draft.marketplace = { ...key, login };
  draft.accountBlogs = await engine.listBlogs(key);
  draft.blogs = [];
}

export const keyStep: SetupStep = {
  path: '/key',
  done: (draft) => draft.marketplace !== undefined,
  get(ctx) {
    const { draft, deps } = ctx;
    const baseUrl = draft.marketplace?.baseUrl ?? deps.defaults.baseUrl ?? '';
    ctx.send(
      200,
      renderKeyPage(ctx.view(), { baseUrl, checks: [], allowLocal: draft.marketplace?.allowLocal === true }),
    );
  },
  async post(ctx) {
    const { body, deps } = ctx;
    const form = { baseUrl: body.baseUrl ?? '', apiKey: body.apiKey, allowLocal: body.allowLocal === 'on' };
    const tried = await tryKey(deps.engine, form);
    if (!tried.ok) {
      const data = { baseUrl: form.baseUrl, checks: [tried.check], allowLocal: form.allowLocal };
      return ctx.send(422, renderKeyPage(ctx.view(), data));
    }
    await keep(ctx.draft, deps.engine, tried.key, tried.login);
    ctx.next();
  },
  async ask(term) {
    const { options, t, language } = term;
    let given = { baseUrl: options.baseUrl, apiKey: options.apiKey };
    /** The API address the blogger confirmed as a local one (the confirmation is for that address only). */
    let confirmed: string | undefined;
    for (;;) {
      // What the address is, each time it is asked (also again after a wrong one).
      if (term.interactive && !given.baseUrl) term.say(apiAddressHint()[language]);
      const baseUrl = await term.ask(t.t('setup.page.base_url'), given.baseUrl, '--base-url');
      const apiKey = await term.secret(t.t('setup.page.api_key'), given.apiKey, '--api-key');
      const allowLocal = options.allowLocal === true || confirmed === baseUrl;
      const tried = await tryKey(term.engine, { baseUrl, apiKey, allowLocal });
      term.showChecks([tried.check]);
      if (tried.ok) return keep(term.draft, term.engine, tried.key, tried.login);
      if (!term.interactive) throw new AppError('setup_key_refused', tried.check.detail[language]);
      if (await term.confirmLocal([tried.check])) {
        // The same address and key again, now confirmed: the key was never sent anywhere.
        confirmed = baseUrl;
        given = { baseUrl, apiKey };
        continue;
      }
      // Not meant: another address (and the key again, as after any refusal).
      const address = tried.problem === 'local' || tried.problem === 'address';
      given = { baseUrl: address ? undefined : baseUrl, apiKey: undefined };
    }
  },
};
