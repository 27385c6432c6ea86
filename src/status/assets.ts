/**
 * The page's only two static files, served by the app itself (no CDN, no build step). Both are constants, so
 * the Content-Security-Policy can say `'self'` and allow no inline code at all.
 */

export const STATUS_CSS = `
:root {
  color-scheme: light dark;
  --bg: #f6f7f9; --fg: #1b1f24; --muted: #5b6470; --card: #fff; --line: #d9dde3; --link: #0b57d0;
  --ok: #11703a; --ok-bg: #dcf3e4; --work: #0b4fa8; --work-bg: #dde9fb; --warn: #8a5300; --warn-bg: #fdebc8;
  --bad: #a61b1b; --bad-bg: #fbdcdc; --gray: #4b5360; --gray-bg: #e6e8ec;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #14171b; --fg: #e6e9ee; --muted: #9aa3ae; --card: #1d2126; --line: #333a42; --link: #8ab4f8;
    --ok: #7ddc9d; --ok-bg: #173624; --work: #9cc2ff; --work-bg: #1b2c45; --warn: #f4c168; --warn-bg: #3d2d0e;
    --bad: #ff9c9c; --bad-bg: #471a1a; --gray: #c3c9d1; --gray-bg: #2b3036;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  overflow-wrap: break-word;
}
/* Free text (titles, URLs, messages) may hold endless words: they may break anywhere, other cells never. */
.wide, pre, .fields, dd, .error-box p, .flash { overflow-wrap: anywhere; }
.nowrap { white-space: nowrap; }
a { color: var(--link); }
header.top { background: var(--card); border-bottom: 1px solid var(--line); }
header.top .bar { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; padding: .5rem 1rem; max-width: 1200px; margin: 0 auto; }
header.top .brand { font-weight: 700; text-decoration: none; color: var(--fg); }
nav.main { display: flex; flex-wrap: wrap; gap: .25rem; }
nav.main a { padding: .35rem .6rem; border-radius: 6px; text-decoration: none; }
nav.main a[aria-current="page"] { background: var(--work-bg); color: var(--work); font-weight: 600; }
main { max-width: 1200px; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.35rem; margin: .25rem 0 1rem; }
h2 { font-size: 1.1rem; margin: 0 0 .6rem; }
.muted, .hint { color: var(--muted); }
.hint { font-size: .9rem; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); margin-bottom: 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .9rem 1rem; margin-bottom: 1rem; min-width: 0; }
.grid .card { margin-bottom: 0; }
dl.kv { display: grid; grid-template-columns: max-content 1fr; gap: .3rem .9rem; margin: 0; }
dl.kv dt { color: var(--muted); }
dl.kv dd { margin: 0; min-width: 0; }
.big { font-size: 1.6rem; font-weight: 700; }
.counts { display: flex; flex-wrap: wrap; gap: .4rem; list-style: none; padding: 0; margin: 0; }
.counts a { text-decoration: none; }
.state, .level, .tag { display: inline-block; padding: .05rem .45rem; border-radius: 999px; font-size: .85rem; font-weight: 600; white-space: nowrap; }
/* A tag that says a sentence (offered when, for how much, by whom) wraps on a phone instead of running off it. */
.tag.sentence { white-space: normal; border-radius: 8px; }
.tone-done, .ok-yes { background: var(--ok-bg); color: var(--ok); }
.tone-working { background: var(--work-bg); color: var(--work); }
.tone-waiting, .level-warn { background: var(--warn-bg); color: var(--warn); }
.tone-problem, .ok-no, .level-error, .level-fatal, .late { background: var(--bad-bg); color: var(--bad); }
.tone-neutral, .level-trace, .level-debug, .level-info { background: var(--gray-bg); color: var(--gray); }
ul.plain { list-style: none; margin: 0; padding: 0; }
.countdown { font-variant-numeric: tabular-nums; white-space: nowrap; }
.countdown.soon { color: var(--warn); font-weight: 700; }
.countdown.missed { color: var(--bad); font-weight: 700; }
table { width: 100%; border-collapse: collapse; background: var(--card); }
th, td { text-align: left; vertical-align: top; padding: .45rem .6rem; border-bottom: 1px solid var(--line); }
th { font-size: .85rem; color: var(--muted); font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.table-card { padding: 0; overflow: hidden; }
.table-card h2.pad, .table-card p.pad { padding: .9rem 1rem 0; }
.table-card table { margin-top: .4rem; }
pre, code { font: .85rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0 0; background: var(--bg); padding: .5rem; border-radius: 6px; max-height: 24rem; overflow-y: auto; }
.fields { display: flex; flex-wrap: wrap; gap: .2rem .8rem; margin-top: .2rem; font-size: .85rem; color: var(--muted); }
.fields code { color: var(--fg); }
.flash { padding: .7rem 1rem; border-radius: 8px; margin-bottom: 1rem; font-weight: 600; }
.flash.ok { background: var(--ok-bg); color: var(--ok); }
.flash.bad { background: var(--bad-bg); color: var(--bad); }
.error-box { border-color: var(--bad); }
.actions { display: flex; flex-wrap: wrap; gap: .6rem; }
.actions form { margin: 0; }
button, .button, select, input, textarea {
  font: inherit; padding: .45rem .8rem; border-radius: 8px; border: 1px solid var(--line);
  background: var(--card); color: var(--fg);
}
/* A field never wider than its card (a textarea's cols=40 is wider than a phone's card). */
select, input, textarea { max-width: 100%; }
button, .button { cursor: pointer; font-weight: 600; text-decoration: none; display: inline-block; }
button.primary { background: var(--link); color: #fff; border-color: var(--link); }
form.offer label { display: block; margin: .5rem 0 .2rem; font-weight: 600; }
form.offer input, form.offer textarea { width: 100%; max-width: 32rem; }
dd.brief-text { white-space: pre-wrap; }
ul.reasons { margin: .3rem 0 0; padding-left: 1.1rem; font-size: .9rem; }
form.filters { display: flex; flex-wrap: wrap; gap: .6rem; align-items: end; margin-bottom: 1rem; }
form.filters label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); gap: .2rem; }
.pager { display: flex; flex-wrap: wrap; gap: .6rem; align-items: center; margin: 1rem 0; }
ol.timeline { list-style: none; padding: 0; margin: 0; }
ol.timeline li { display: grid; grid-template-columns: 1fr auto; gap: .1rem .8rem; padding: .45rem 0; border-bottom: 1px solid var(--line); }
ol.timeline .bar { grid-column: 1 / -1; height: 4px; background: var(--work-bg); border-radius: 2px; overflow: hidden; }
ol.timeline .bar span { display: block; height: 100%; background: var(--work); }
${Array.from({ length: 20 }, (_, i) => `ol.timeline .bar .w${(i + 1) * 5} { width: ${(i + 1) * 5}%; }`).join('\n')}
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.verdict { border-width: 2px; }
.verdict p { margin: .2rem 0; }
.verdict .verdict-title { font-size: 1.45rem; font-weight: 700; }
.verdict-ok { background: var(--ok-bg); border-color: var(--ok); }
.verdict-ok .verdict-title { color: var(--ok); }
.verdict-warn { background: var(--warn-bg); border-color: var(--warn); }
.verdict-warn .verdict-title { color: var(--warn); }
.verdict-bad { background: var(--bad-bg); border-color: var(--bad); }
.verdict-bad .verdict-title { color: var(--bad); }
ul.needs { list-style: none; margin: 0; padding: 0; }
ul.needs li { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem 1rem; padding: .6rem 0; border-bottom: 1px solid var(--line); }
ul.needs li:last-child { border-bottom: 0; }
ul.needs .need-text { flex: 1 1 22rem; min-width: 0; }
ul.needs p { margin: .2rem 0 0; }
ul.needs .detail { font-size: .85rem; color: var(--muted); overflow-wrap: anywhere; }
.chart { margin: .5rem 0; }
.chart figcaption { font-size: .9rem; color: var(--muted); margin-bottom: .3rem; }
.chart-svg { width: 100%; height: auto; max-height: 14rem; display: block; }
.chart-axis { stroke: var(--line); stroke-width: 1; }
.chart-label { fill: var(--muted); font-size: 14px; }
.bar-paid, .bar-made, .bar-page { fill: #2f6fb3; }
.bar-accepted { fill: #2e8540; }
.bar-refused { fill: #b3412f; }
.chart-legend { list-style: none; display: flex; flex-wrap: wrap; gap: .3rem 1rem; margin: .3rem 0 0; padding: 0; font-size: .85rem; }
.chart-legend .swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: 2px; margin-right: .3rem; vertical-align: -1px; }
span.bar-paid, span.bar-made, span.bar-page { background: #2f6fb3; }
span.bar-accepted { background: #2e8540; }
span.bar-refused { background: #b3412f; }
.home-grid { display: grid; gap: 1rem; grid-template-columns: minmax(0, 2fr) minmax(240px, 1fr); align-items: start; }
.home-grid .card { margin-bottom: 0; }
@media (max-width: 900px) { .home-grid { grid-template-columns: 1fr; } table.cards td.phone-hide { display: none; } }
footer { max-width: 1200px; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: .85rem; }
@media (min-width: 901px) { td.wide { min-width: 9rem; } }
@media (max-width: 900px) {
  main { padding: .75rem; }
  table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; width: 100%; }
  table.cards thead { display: none; }
  table.cards tr { border-bottom: 1px solid var(--line); padding: .4rem 0; }
  table.cards td { border: 0; padding: .15rem .8rem; text-align: right; }
  table.cards td::before { content: attr(data-label); float: left; margin-right: .8rem; color: var(--muted); font-size: .85rem; }
  table.cards td.wide { text-align: left; }
  table.cards td.wide::before { float: none; display: block; }
  table.cards td::after { content: ""; display: block; clear: both; }
  table.cards td:empty { display: none; }
}
`;

/**
 * Progressive enhancement only: ticks the deadline countdowns every second (with the server's clock, from
 * `data-now`, so a wrong phone clock does not mislead). The same time and thresholds as `formatCountdown` and
 * `deadlineCountdown` in format.ts; the words come from the page (`data-left` / `data-overdue` on `<html>`, the
 * catalog's `status.countdown.*` in the page's language), so the script itself holds no text. Without
 * JavaScript the countdowns are those of the page load.
 */
export const STATUS_JS = `'use strict';
(function () {
  var items = document.querySelectorAll('[data-deadline]');
  if (!items.length) return;
  var root = document.documentElement;
  var serverNow = Date.parse(root.getAttribute('data-now') || '');
  var skew = isNaN(serverNow) ? 0 : serverNow - Date.now();
  var leftText = root.getAttribute('data-left') || '{time}';
  var overdueText = root.getAttribute('data-overdue') || '-{time}';
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function text(ms) {
    var s = Math.floor(Math.abs(ms) / 1000), m = Math.floor(s / 60);
    return m >= 60 ? Math.floor(m / 60) + ' h ' + pad(m % 60) + ' min' : m + ' min ' + pad(s % 60) + ' s';
  }
  function tick() {
    var now = Date.now() + skew;
    for (var i = 0; i < items.length; i++) {
      var el = items[i], left = Date.parse(el.getAttribute('data-deadline')) - now;
      if (isNaN(left)) continue;
      el.textContent = (left <= 0 ? overdueText : leftText).replace('{time}', text(left));
      el.className = 'countdown ' + (left <= 0 ? 'missed' : left < ${15 * 60_000} ? 'soon' : 'ok');
    }
  }
  setInterval(tick, 1000);
})();
`;
