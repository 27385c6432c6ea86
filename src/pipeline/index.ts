/**
 * The publishing pipeline: turns a queued deal into a published, verified, handed-in article.
 *
 *   const processor = createPipelineProcessor({
 *     resolveBlog: blogResolver(config.blogs, publishersByBlogId),
 *     settings: config.pipeline,            // optional; see PipelineSettings for every field and default
 *   });
 *   createDealWorker({ ..., runner: createDealRunner({ process: processor, client, store, log }) });
 */
export { type Clock, systemClock } from '../clock.js';
export { type Decision, type DecisionInput, decide, type SkipReason } from './decide.js';
export {
  blogResolver,
  type PipelineOptions,
  PipelineSettings,
  type PipelineSettingsInput,
  type ResolvedBlog,
} from './options.js';
export {
  createPipelineProcessor,
  type PipelineOutcome,
  type PipelineResult,
} from './processor.js';
