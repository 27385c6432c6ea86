import type { LogEntry } from '../../deals/store.js';
import { html, type SafeHtml } from '../html.js';
import { layout, type ViewContext } from './layout.js';
import { blogLabel, dealLink, exactTime, fieldList, levelBadge } from './parts.js';

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
  const paused = data.refreshSeconds === undefined;
  const body = html`<h1>Logs</h1>
<form class="filters" method="get" action="${ctx.base}/logs">
<label>Level (at least)<select name="level">
<option value="">any</option>
${data.levels.map((l) => html`<option value="${l}"${l === data.level ? html` selected` : ''}>${l}</option>`)}
</select></label>
<label>Blog<select name="blog">
<option value="">any</option>
${data.blogs.map((b) => html`<option value="${b.id}"${b.id === data.blogId ? html` selected` : ''}>${b.label}</option>`)}
</select></label>
${paused ? html`<input type="hidden" name="refresh" value="off">` : ''}
<button type="submit">Filter</button>
${
  paused
    ? html`<a class="button" href="${logsHref(ctx, data, false)}">Resume auto-refresh</a>`
    : html`<a class="button" href="${logsHref(ctx, data, true)}">Pause auto-refresh</a>`
}
</form>
<p class="hint" data-refresh="${paused ? 'off' : String(data.refreshSeconds)}">${
    paused
      ? 'Auto-refresh is paused.'
      : `This page reloads every ${data.refreshSeconds} s. The newest ${data.limit} lines are shown, newest first.`
  }</p>
<div class="card table-card">${
    data.entries.length === 0
      ? html`<p class="pad muted">No log lines${data.level || data.blogId !== undefined ? ' match the filter' : ' yet'}.</p>`
      : html`<table class="cards log"><thead><tr><th>Time</th><th>Level</th><th>Deal</th><th>Blog</th><th>Message</th></tr></thead><tbody>
${data.entries.map((e) => {
  const blogId = e.blogId ?? (typeof e.fields?.blogId === 'number' ? e.fields.blogId : undefined);
  return html`<tr class="log-line">
<td data-label="Time" class="nowrap">${exactTime(ctx, e.time)}</td>
<td data-label="Level" class="nowrap">${levelBadge(e.level)}</td>
<td data-label="Deal" class="nowrap">${e.dealId !== undefined ? dealLink(ctx, e.dealId) : ''}</td>
<td data-label="Blog">${blogId !== undefined ? blogLabel(ctx, blogId) : ''}</td>
<td data-label="Message" class="wide">${e.msg}${fieldList(e.fields)}</td>
</tr>`;
})}
</tbody></table>`
  }</div>`;
  return layout(ctx, { title: 'Logs', current: 'logs', body, refreshSeconds: data.refreshSeconds });
}
