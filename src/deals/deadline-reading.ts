/**
 * A deal's deadline as pressbridge read it when the deal came in, and how it was found. The deal domain owns the
 * shape because the record and the job store what it says (`deadline`, `deadlineAt`); the marketplace's reading of
 * `publish_deadline` (src/marketplace/deadline.ts) produces it, the producer hands it to the plausibility check
 * (./deadline-offset.ts). A file of its own so the marketplace can import it without importing the lifecycle,
 * which imports the marketplace's reading.
 */
import type { Phrase } from '../errors.js';

export interface DeadlineReading {
  deadline: Date;
  /** `publish_deadline`: read from the event; `receipt`: received + deadline minutes (absent or unreadable). */
  source: 'publish_deadline' | 'receipt';
  /** Set when `publish_deadline` was present but unreadable: the log line that says so, in English. */
  warning?: string;
  /** The same for the blogger (the catalog's `deadline.*`). */
  warningSaid?: Phrase;
}
