import type { LogEntry } from '../../deals/record.js';
import { logEntryText, logFieldsText } from '../../i18n/log-entry.js';
import { html, type SafeHtml } from '../html.js';
import { layout, type ViewContext } from './layout.js';
import { blogLabel, dealLink, fieldList, levelBadge, preciseTime } from './parts.js';

export interface LogsData {
  entries: LogEntry[];
  /** Minimum level shown. */
  level: string | undefined;
  blogId: number | undefined;
  levels: readonly string[];
  /** Blogs offered by the filter: the configured ones. */
  blogs: ReadonlyArray<{ id: number; label: string }>;
  /** Seconds between reloads; undefined while paused. */
  refreshSeconds: number | undefined;
  limit: number;
}

function logsHref(ctx: ViewContext, data: LogsData, paused: boolean): string {
  const query = new URLSearchParams();
  if (data.level) query.set('level', data.level);
  if (data.blogId !== undefined) query.set('blog', String(data.blogId));
  if (paused) query.set('refresh', 'off');
  const text = query.toString();
  return `${ctx.base}/logs${text ? `?${text}` : ''}`;
}

export function renderLogs(ctx: ViewContext, data: LogsData): SafeHtml {
  const { t } = ctx;
  const paused = data.refreshSeconds === undefined;
  const c = {
    time: t.t('status.col.time'),
    level: t.t('status.col.level'),
    deal: t.t('status.col.deal'),
    blog: t.t('status.col.blog'),
    message: t.t('status.col.message'),
  };
  const filtered = data.level !== undefined || data.blogId !== undefined;
  const title = t.t('status.nav.logs');
  const body = html`<h1>${title}</h1>
<form class="filters" method="get" action="${ctx.base}/logs">
<label>${t.t('status.logs.level')}<select name="level">
<option value="">${t.t('status.any')}</option>
${data.levels.map((l) => html`<option value="${l}"${l === data.level ? html` selected` : ''}>${l}</option>`)}
</select></label>
<label>${c.blog}<select name="blog">
<option value="">${t.t('status.any')}</option>
${data.blogs.map((b) => html`<option value="${b.id}"${b.id === data.blogId ? html` selected` : ''}>${b.label}</option>`)}
</select></label>
${paused ? html`<input type="hidden" name="refresh" value="off">` : ''}
<button type="submit">${t.t('status.filter')}</button>
${
  paused
    ? html`<a class="button" href="${logsHref(ctx, data, false)}">${t.t('status.logs.resume')}</a>`
    : html`<a class="button" href="${logsHref(ctx, data, true)}">${t.t('status.logs.pause')}</a>`
}
</form>
<p class="hint" data-refresh="${paused ? 'off' : String(data.refreshSeconds)}">${
    paused
      ? t.t('status.logs.paused')
      : t.t('status.logs.reloads', { seconds: data.refreshSeconds ?? 0, limit: data.limit })
  }</p>
<div class="card table-card">${
    data.entries.length === 0
      ? html`<p class="pad muted">${t.t(filtered ? 'status.logs.none_match' : 'status.logs.none')}</p>`
      : html`<table class="cards log"><thead><tr><th>${c.time}</th><th>${c.level}</th><th>${c.deal}</th><th>${c.blog}</th><th>${c.message}</th></tr></thead><tbody>
${data.entries.map((e) => {
  const blogId = e.blogId ?? (typeof e.fields?.blogId === 'number' ? e.fields.blogId : undefined);
  return html`<tr class="log-line">
<td data-label="${c.time}" class="nowrap">${preciseTime(ctx, e.time)}</td>
<td data-label="${c.level}" class="nowrap">${levelBadge(e.level)}</td>
<td data-label="${c.deal}" class="nowrap">${e.dealId !== undefined ? dealLink(ctx, e.dealId) : ''}</td>
<td data-label="${c.blog}">${blogId !== undefined ? blogLabel(ctx, blogId) : ''}</td>
<td data-label="${c.message}" class="wide">${logEntryText(ctx.t, e)}${fieldList(logFieldsText(ctx.t, e))}</td>
</tr>`;
})}
</tbody></table>`
  }</div>`;
  return layout(ctx, { title, current: 'logs', body, refreshSeconds: data.refreshSeconds });
}
