/**
 * The setup's steps in their order: the /setup router mounts them in it, the terminal asks them in it, and the
 * next step is the first one not answered. A new step is a file beside this one and a line here.
 */
import type { SetupDraft } from '../../draft.js';
import { blogStep } from './blog.js';
import { blogsStep } from './blogs.js';
import { categoriesStep } from './categories.js';
import { finishStep } from './finish.js';
import { intakeStep } from './intake.js';
import { keyStep } from './key.js';
import { notifyStep } from './notify.js';
import { rulesStep } from './rules.js';
import type { SetupStep } from './step.js';

export const STEPS: readonly SetupStep[] = [
  keyStep, // a
  blogsStep, // b
  blogStep, // c, d
  categoriesStep, // e
  rulesStep, // the blogger's rules per blog (optional: skip is the default)
  intakeStep, // f
  notifyStep, // g
  finishStep, // h
];

/** The page (below /setup) of the first step not answered yet; the last step's once every step is. */
export function nextStep(draft: SetupDraft, steps: readonly SetupStep[] = STEPS): string {
  const step = steps.find((s) => !s.done(draft)) ?? steps.at(-1);
  if (!step) return '';
  return step.at?.(draft) ?? step.path;
}
