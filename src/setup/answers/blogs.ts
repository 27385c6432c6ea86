/**
 * Step b, the blogs: where each of the account's blogs is published (`none`: not by pressbridge), at least one
 * somewhere.
 */
import { z } from 'zod';
import { setupRule } from './read.js';

export const TARGETS = ['wordpress', 'github', 'static', 'none'] as const;

export const BlogTarget = z.enum(TARGETS, {
  error: setupRule('setup.rule.target', { targets: TARGETS.join('/') }),
});
export type BlogTarget = z.output<typeof BlogTarget>;

export const BlogTargets = z
  .array(z.object({ id: z.number().int(), target: BlogTarget }))
  .refine((blogs) => blogs.some((b) => b.target !== 'none'), { error: setupRule('setup.rule.choose_one') });
export type BlogTargets = z.output<typeof BlogTargets>;
