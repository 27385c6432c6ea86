/**
 * GET /deals/:id/evidence: the deal's evidence bundle (src/evidence/bundle.ts) as a zip attachment, to send with
 * the answer to a claim; the plain 404 page when the deal has no evidence or no bundler is wired. The zip is
 * built from the deal's record and its recorded events (scrubbed of secrets like every page), never cached, and
 * only for a request from the page itself (Sec-Fetch-Site), a typed address or a client such as curl.
 */
import type { Router } from 'express';
import { errorMessage } from '../../errors.js';
import { scrubText } from '../../redact.js';
import { scrubEvent, scrubRecord } from '../scrub-records.js';
import type { StatusDeps } from '../types.js';
import type { PageKit } from './page-kit.js';

/** Events handed to the bundle: its claims are among them. */
const BUNDLE_EVENTS_LIMIT = 500;
const FILE_NAME_MAX = 120;

/**
 * A file name safe in a quoted `Content-Disposition` parameter on every browser: ASCII letters, digits, `.`, `_`
 * and `-` only (anything else becomes `-`), no leading dot, ending `.zip`; the fallback when nothing is left.
 */
export function safeZipName(name: string, dealId: number): string {
  const base = name
    .replace(/\.zip$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, FILE_NAME_MAX - 4);
  return /[A-Za-z0-9]/.test(base) ? `${base}.zip` : `pressbridge-evidence-${dealId}.zip`;
}

export function evidenceRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.get('/deals/:id/evidence', async (req, res) => {
    const dealId = kit.dealIdOf(req, res);
    if (dealId === undefined) return;
    const none = (): void => {
      kit.fail(
        req,
        res,
        404,
        kit.t.t('status.evidence.none'),
        kit.t.t('status.evidence.none_text', { dealId: String(dealId) }),
      );
    };
    // Building a bundle reads and deflates every snapshot: only the page's own download button, a typed
    // address or a client without Sec-Fetch-Site (curl) may ask, never another site's <img> or fetch in the
    // blogger's browser (the page is loopback without a password; the browser may hold the password).
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      kit.fail(
        req,
        res,
        403,
        kit.t.t('status.evidence.cross_site'),
        kit.t.t('status.evidence.cross_site_text', { dealId: String(dealId) }),
      );
      return;
    }
    const { bundle } = deps;
    if (!bundle) {
      none();
      return;
    }
    const [record, events] = await kit.read(
      'status.source.deal',
      Promise.all([deps.store.get(dealId), deps.store.readEvents(dealId, { limit: BUNDLE_EVENTS_LIMIT })]),
    );
    // Reading every snapshot and zipping them may take longer than a card's read: no timeout but the client's.
    let built: Awaited<ReturnType<typeof bundle>>;
    try {
      built = await bundle(dealId, {
        ...(record ? { record: scrubRecord(record) } : {}),
        events: events.map(scrubEvent),
      });
    } catch (error) {
      // The disk, not Redis: a refused link, a damaged file, a permission.
      const reason = scrubText(errorMessage(error));
      kit.log.warn({ dealId, err: reason }, 'status page: evidence bundle not built');
      const text = kit.t.t('status.evidence.unreadable_text', { dealId: String(dealId), error: reason });
      kit.fail(req, res, 500, kit.t.t('status.evidence.unreadable'), text);
      return;
    }
    if (!built) {
      none();
      return;
    }
    res
      .status(200)
      .type('application/zip')
      .set({
        'Content-Disposition': `attachment; filename="${safeZipName(built.fileName, dealId)}"`,
        'Content-Length': String(built.zip.length),
        'Cache-Control': 'no-store',
      })
      .end(built.zip);
  });
}
