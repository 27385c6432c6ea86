/**
 * The building blocks of the /setup pages, over the status page's layout and its escaping `html` tag: the page
 * without navigation, the form token, a step's checks, the fields and the refusal. Every view of ./ is a pure
 * function of its data; every blog name, address and message from the marketplace, WordPress or the blogger is
 * escaped.
 */
import type { Check } from '../../../checks.js';
import { html, type SafeHtml } from '../../../status/html.js';
import { CSRF_FIELD } from '../../../status/security.js';
import { layout, type ViewContext } from '../../../status/views/layout.js';
import { LOCAL_ADDRESS_CHECK } from '../../address-guard.js';
import type { SetupText } from '../../wordpress/types.js';

export function setupPage(ctx: ViewContext, title: string, body: SafeHtml): SafeHtml {
  return layout(ctx, { title, current: 'none', body, nav: false });
}

export function csrfField(ctx: ViewContext): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">`;
}

const MARK = { ok: '✓', warn: '!', fail: '✗' } as const;
const TONE = { ok: 'ok-yes', warn: 'tone-waiting', fail: 'ok-no' } as const;

/**
 * Checks as a list: a step's (in both languages, said in the page's) or doctor's (in the page's language already,
 * each with its name): the mark and what was found, with the fix when there is one.
 */
export function checkList(
  ctx: ViewContext,
  checks: readonly Check<SetupText | string>[],
  listId?: string,
): SafeHtml {
  if (checks.length === 0) return html``;
  const said = (text: SetupText | string): string => (typeof text === 'string' ? text : text[ctx.t.language]);
  return html`<ul class="checks"${listId ? html` id="${listId}"` : ''}>${checks.map(
    (c) =>
      html`<li class="${TONE[c.status]}"${c.id ? html` data-check="${c.id}"` : ''}>${MARK[c.status]} ${
        c.name ? html`<strong>${said(c.name)}</strong>: ` : ''
      }${said(c.detail)}${c.fix ? html`<br><small>${ctx.t.t('setup.page.fix')}: ${said(c.fix)}</small>` : ''}</li>`,
  )}</ul>`;
}

/** A refused answer, said at the top of its form. */
export function refusal(error: string | undefined): SafeHtml | '' {
  return error ? html`<p class="flash bad" role="alert">${error}</p>` : '';
}

export function languageLinks(ctx: ViewContext, path: string): SafeHtml {
  return html`<p class="muted"><a href="${ctx.base}${path}?lang=cs" lang="cs">Česky</a> · <a href="${ctx.base}${path}?lang=en" lang="en">English</a></p>`;
}

export function field(label: string, name: string, value = '', type = 'text', required = true): SafeHtml {
  return html`<p><label>${label} <input name="${name}" type="${type}" value="${value}"${required ? html` required` : ''} autocomplete="off"></label></p>`;
}

export function submit(
  ctx: ViewContext,
  key: 'setup.page.continue' | 'setup.page.connect' | 'setup.page.finish' = 'setup.page.continue',
): SafeHtml {
  return html`<p><button class="primary" type="submit">${ctx.t.t(key)}</button></p>`;
}

/**
 * The confirmation that a local address is meant (src/setup/address-guard.ts): offered once an address was
 * refused as local, or when it was given already; never ticked by the page itself.
 */
export function allowLocalField(
  ctx: ViewContext,
  checks: readonly Check<SetupText>[],
  given: boolean | undefined,
): SafeHtml {
  if (!given && !checks.some((c) => c.id === LOCAL_ADDRESS_CHECK)) return html``;
  return html`<p><label><input type="checkbox" name="allowLocal" value="on"${given ? html` checked` : ''}> ${ctx.t.t('setup.address.allow_local')}</label></p>`;
}

/** A page of its own for a message (a refusal, a failure), with the way back to /setup. */
export function messagePage(ctx: ViewContext, text: string, role?: 'alert'): SafeHtml {
  const shown = role ? html`<p class="flash bad" role="alert">${text}</p>` : html`<p>${text}</p>`;
  const body = html`<h1>${ctx.t.t('setup.page.title')}</h1>
<section class="card">${shown}<p><a href="${ctx.base}/setup">/setup</a></p></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.title'), body);
}
