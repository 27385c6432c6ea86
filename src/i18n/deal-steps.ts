/**
 * A deal's pipeline steps (src/pipeline/steps) and their outcomes as the blogger reads them, on the deal page and
 * in `pressbridge deal`: an unknown step or outcome (a newer release's) shows as stored; `skip:<reason>` keeps its
 * reason code.
 */
import { MESSAGES, type MessageKey, type Translator } from './index.js';

const STEP_NAMES: Readonly<Record<string, MessageKey>> = {
  decide: 'status.step.decide',
  text: 'status.step.text',
  fetch: 'status.step.fetch',
  photos: 'status.step.photos',
  draft: 'status.step.draft',
  render: 'status.step.render',
  publish: 'status.step.publish',
  verify: 'status.step.verify',
  handIn: 'status.step.hand_in',
  hand_in: 'status.step.hand_in',
};

export function stepName(t: Translator, name: string): string {
  const key = STEP_NAMES[name];
  return key ? t.t(key) : name;
}

export function stepOutcome(t: Translator, outcome: string): string {
  const [word = '', reason] = outcome.split(':', 2);
  const key = `status.step_outcome.${word}`;
  if (!Object.hasOwn(MESSAGES, key)) return outcome;
  const label = t.t(key as MessageKey);
  return reason ? `${label} (${reason})` : label;
}
