/**
 * The publishing pipeline: turns a queued deal into a published, verified, handed-in article.
 *
 *   const processor = createPipelineProcessor({
 *     resolveBlog: blogResolver(config.blogs, publishersByBlogId),
 *     settings: config.pipeline,            // optional; see PipelineSettings for every field and default
 *   });
 *   createDealWorker({ ..., runner: createDealRunner({ process: processor, client, store, log }) });
 */
export { type Decision, type DecisionInput, decide, type SkipReason } from './decide.js';
export { blogResolver, type PipelineOptions, type ResolvedBlog } from './options.js';
export { createPipelineProcessor } from './processor.js';
export type { PipelineOutcome, PipelineResult } from './run-context.js';
export { PipelineSettings, type PipelineSettingsInput } from './settings.js';
