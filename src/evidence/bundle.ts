/**
 * The bundle the blogger attaches to the answer to a claim (./types.ts EvidenceBundler): a zip with
 * `report.html` (./report.ts, the blogger's language), `evidence.json` (everything, machine-readable) and
 * `snapshots/<seq>-<sha>.html`, each kept article part uncompressed, byte for byte as stored, so that
 * `sha256sum snapshots/*` gives the fingerprints the report and evidence.json name.
 *
 * The zip is made with fflate (small, no dependencies), as a stream: one snapshot is read, hashed and deflated
 * at a time, so the memory a bundle takes is the zip (about what the snapshots take on disk, bounded by
 * `evidence.maxDealBytes`) plus one snapshot, not all of them unpacked (a hostile page that compresses a
 * thousandfold would make 2 MiB on disk gigabytes in memory). The snapshots come first in the zip, then
 * `report.html` and `evidence.json`, which name their hashes.
 */
import { createHash } from 'node:crypto';
import { Zip, ZipDeflate } from 'fflate';
import type { Clock } from '../clock.js';
import { dealClaims } from '../deals/claims.js';
import type { Translator } from '../i18n/index.js';
import { addMonths } from '../watch/plan.js';
import { type ReportSnapshot, renderReport } from './report.js';
import type { EvidenceBundler, EvidenceStore } from './types.js';

/** The version of `evidence.json`'s shape. */
export const BUNDLE_FORMAT = 'pressbridge-evidence/1';

/**
 * JSON with every format character (bidi overrides, zero-width, BOM) and line separator written as a `\u`
 * escape: the same data when parsed, but nothing hidden or reordered when evidence.json is read in an editor.
 * Outside strings JSON is ASCII, so only string content is touched.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\p{Cf}\u2028\u2029]/gu, (char) =>
    Array.from(
      { length: char.length },
      (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`,
    ).join(''),
  );
}

/** A zip built one file at a time; `done` gives its bytes. */
function zipStream(mtime: Date): { add(name: string, data: Uint8Array): void; done(): Buffer } {
  const chunks: Uint8Array[] = [];
  let failure: Error | undefined;
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final) ended = true;
  });
  return {
    add(name, data) {
      const file = new ZipDeflate(name, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      file.push(data, true);
      if (failure) throw failure;
    },
    done() {
      zip.end();
      if (failure) throw failure;
      if (!ended) throw new Error('evidence: the zip did not end');
      return Buffer.concat(chunks);
    },
  };
}

/** `pressbridge-evidence-<deal>-<YYYYMMDD-HHMM>.zip` (UTC). */
export function bundleFileName(dealId: number, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `pressbridge-evidence-${dealId}-${stamp}.zip`;
}

export function createEvidenceBundler(options: {
  store: Pick<EvidenceStore, 'read' | 'readSnapshot'>;
  /** The blogger's language (`ui.language`). */
  t: Pick<Translator, 't' | 'say' | 'dateTime' | 'money' | 'stateName' | 'language'>;
  /** Times in the report are written in this zone (`ui.timeZone`). */
  timeZone: string;
  clock: Clock;
  /** `watch.afterPayoutMonths`: the claim window after the payout (shown when the deal is paid). */
  afterPayoutMonths?: number;
}): EvidenceBundler {
  const { store, timeZone, clock } = options;
  const t = { ...options.t, dateTime: (value: string | Date) => options.t.dateTime(value, timeZone) };
  return async (dealId, sources) => {
    const evidence = await store.read(dealId);
    if (!evidence) return undefined;
    const generatedAt = clock.now();
    const zip = zipStream(generatedAt);
    const snapshots = new Map<number, ReportSnapshot>();
    /** Each file once in the zip, though (tampered) lines name it twice. */
    const added = new Map<string, ReportSnapshot>();
    for (const entry of evidence.entries) {
      if (!entry.snapshot) continue;
      const once = added.get(entry.snapshot.file);
      if (once) {
        snapshots.set(entry.seq, once);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await store.readSnapshot(dealId, entry.snapshot.file);
      } catch {
        continue; // pruned by a size limit (pruned.jsonl says when)
      }
      const name = `snapshots/${entry.snapshot.file.replace(/\.gz$/, '')}`;
      zip.add(name, bytes);
      const inZip = { name, sha256: createHash('sha256').update(bytes).digest('hex') };
      added.set(entry.snapshot.file, inZip);
      snapshots.set(entry.seq, inZip);
    }
    const claims = dealClaims(sources.events ?? []);
    const paidAt = evidence.deal?.paid?.at;
    const claimWindowEndMs =
      paidAt !== undefined && options.afterPayoutMonths !== undefined
        ? addMonths(paidAt, options.afterPayoutMonths)
        : undefined;
    const report = renderReport(t, {
      evidence,
      claims,
      snapshots,
      generatedAt: generatedAt.toISOString(),
      ...(sources.record ? { state: sources.record.state } : {}),
      ...(claimWindowEndMs !== undefined ? { claimWindowEndMs } : {}),
    });
    const json = {
      format: BUNDLE_FORMAT,
      generatedAt: generatedAt.toISOString(),
      dealId: evidence.dealId,
      // null: a held deal never published (its evidence is the decisions).
      deal: evidence.deal ?? null,
      ...(sources.record ? { state: sources.record.state } : {}),
      ...(claimWindowEndMs !== undefined && Number.isFinite(claimWindowEndMs)
        ? { claimWindowEnd: new Date(claimWindowEndMs).toISOString() }
        : {}),
      entries: evidence.entries,
      latest: evidence.latest ?? null,
      pruned: evidence.pruned,
      ...(evidence.decisions ? { decisions: evidence.decisions } : {}),
      claims,
      snapshots: [...snapshots.entries()].map(([seq, s]) => ({ seq, file: s.name, sha256: s.sha256 })),
    };
    zip.add('report.html', Buffer.from(report, 'utf8'));
    zip.add('evidence.json', Buffer.from(`${inertJson(json)}\n`, 'utf8'));
    return { fileName: bundleFileName(dealId, generatedAt), zip: zip.done(), snapshots: added.size };
  };
}
