/**
 * Where a run of the pipeline starts, read from the deal record (pure). The record's fields say how far an
 * earlier run got, so a retry resumes there:
 *
 * | record says | resume point | a retry does |
 * |---|---|---|
 * | `url` + `data.handedInAt` | `handed_in` | nothing (state back to `handed_in`) |
 * | `data.draft.ref` | `draft` | nothing (state back to `skipped`) |
 * | `data.lookDecision` refuse + `data.lookMessage` | `refused` | nothing (state back to `refused`): the advertiser was told |
 * | `url` + `data.publishedAt` | `published` | no text, photos or publish: verify and hand in |
 * | nothing of the above | `start` | everything; the text and photo steps take what the deal's working files hold, so no marketplace request is spent again |
 */

import { readDealData } from '../deals/data.js';
import type { DealRecord } from '../deals/record.js';
import { readProgress } from './progress.js';

export type ResumePoint =
  | { kind: 'handed_in'; url: string; ref?: string; handedInAt: string }
  | { kind: 'draft'; ref: string }
  | { kind: 'refused' }
  | { kind: 'published'; url: string; ref?: string }
  | { kind: 'start' };

export function resumePoint(record: Pick<DealRecord, 'url' | 'postRef' | 'data'> | undefined): ResumePoint {
  if (!record) return { kind: 'start' };
  const progress = readProgress(record.data);
  const ref = record.postRef ? { ref: record.postRef } : {};
  if (progress.handedInAt !== undefined && record.url) {
    return { kind: 'handed_in', url: record.url, ...ref, handedInAt: progress.handedInAt };
  }
  if (progress.draft) return { kind: 'draft', ref: progress.draft.ref };
  const look = readDealData(record.data);
  if (look.lookDecision?.decision === 'refuse' && look.lookMessage) return { kind: 'refused' };
  if (progress.publishedAt !== undefined && record.url) return { kind: 'published', url: record.url, ...ref };
  return { kind: 'start' };
}
