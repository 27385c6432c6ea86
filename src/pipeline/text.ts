/** Step 2, text: `GET /v1/deals/{id}/text` once per deal; a retry takes it from the deal's working files. */
import type { DealStore } from '../deals/record.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { DealText } from '../marketplace/schema.js';
import { type DealFiles, saveText } from './files.js';

export interface TextStepInput {
  client: Pick<MarketplaceClient, 'getDealText'>;
  store: Pick<DealStore, 'putFiles'>;
  dealId: number;
  signal: AbortSignal;
  files: DealFiles;
  ttlSeconds: number;
}

/**
 * The deal's text. A 409 `ceka_na_schvaleni` propagates unchanged: the worker turns it into a delayed retry
 * (state `waiting_approval`) until the deadline.
 */
export async function loadText(input: TextStepInput): Promise<{ text: DealText; fromCache: boolean }> {
  if (input.files.text) return { text: input.files.text, fromCache: true };
  const text = await input.client.getDealText(input.dealId, { signal: input.signal, priority: 'high' });
  await saveText(input.store, input.dealId, text, input.ttlSeconds);
  input.files.text = text;
  return { text, fromCache: false };
}
