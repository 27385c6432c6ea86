/**
 * A `doctor --live` check as it is made, printed and kept: each part a phrase of the catalog (`live.*`), said in
 * the process's language on the terminal (./doctor-live-print.ts), and the same in English for the --save capture
 * and `--json`, made from those phrases. The checks themselves are in ./doctor-live-checks.ts.
 */
import type { CapturedCheck } from '../capture/capture.js';
import type { Difference } from '../capture/shape.js';
import type { Phrase, Said } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { RecordedAnswer } from './doctor-live-record.js';

/** A check as the terminal says it, each part a phrase (the catalog's `live.*`). */
export interface LiveCheckSaid {
  name: Phrase;
  detail: Said;
  differences: Difference[];
  fix?: Said;
}

/** A check: in English as the --save capture and `--json` keep it, and `said` for the terminal. */
export type LiveCheck = CapturedCheck & { fix?: string; said: LiveCheckSaid };

const english = createTranslator('en').say;

/** A check from what it says; its English made from the same phrases. */
export function liveCheck(outcome: LiveCheck['outcome'], said: LiveCheckSaid): LiveCheck {
  return {
    name: english(said.name),
    outcome,
    detail: english(said.detail),
    differences: said.differences.map((d) => ({
      path: d.path,
      found: english(d.found),
      expected: english(d.expected),
    })),
    ...(said.fix === undefined ? {} : { fix: english(said.fix) }),
    said,
  };
}

/** The check as the capture and `--json` keep it: English, without its phrases. */
export function englishCheck({ said: _said, ...check }: LiveCheck): CapturedCheck & { fix?: string } {
  return check;
}

export function notChecked(name: Phrase, why: Said): LiveCheck {
  return liveCheck('not checked', { name, detail: why, differences: [] });
}

export function judged(
  name: Phrase,
  where: Said,
  differences: Difference[],
  heldDetail: Said,
  fix?: Said,
): LiveCheck {
  return differences.length === 0
    ? liveCheck('held', {
        name,
        detail: { key: 'live.at', params: { where, detail: heldDetail } },
        differences,
      })
    : liveCheck('differs', { name, detail: where, differences, ...(fix ? { fix } : {}) });
}

/** An answer that is not a 200 is a difference of its own (with the error code, never the message body). */
export function failedAnswer(
  name: Phrase,
  where: Said,
  answer: RecordedAnswer | undefined,
  error: Said,
): LiveCheck {
  const code =
    answer?.json && typeof answer.json === 'object' && 'error' in answer.json
      ? String((answer.json as { error?: { code?: unknown } }).error?.code ?? '')
      : '';
  const detail: Said = answer
    ? { key: 'live.answered', params: { where, status: String(answer.status), code: code ? ` ${code}` : '' } }
    : { key: 'live.at', params: { where, detail: error } };
  return liveCheck('differs', { name, detail, differences: [] });
}
