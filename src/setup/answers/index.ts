/**
 * What the setup collects (a–h of issue 21), whichever front asks: the /setup page or `pressbridge setup` in a
 * terminal. Each step's answer is its own schema beside this file, read by both fronts alike (./read.ts); here
 * they come together as plain data, which one writer turns into `pressbridge.yaml` and the secrets file
 * (../write-config.ts).
 */
import type { Language } from '../../i18n/index.js';
import type { SetupMarketplace } from '../marketplace.js';
import type { BlogTarget } from './blogs.js';
import type { CategoryChoice } from './categories.js';
import type { IntakeAnswer } from './intake.js';
import type { NotifyAnswer } from './notify.js';
import type { GitHubAnswer, StaticAnswer, WordPressAnswer } from './targets.js';

export interface BlogAnswer {
  id: number;
  name: string;
  /** The blog's address in the marketplace (the WordPress address is proposed from it). */
  url: string;
  target: BlogTarget;
  wordpress?: WordPressAnswer;
  github?: GitHubAnswer;
  static?: StaticAnswer;
  categories?: CategoryChoice;
  /** Switch the marketplace's agent publishing on for this blog (step h). */
  agent: boolean;
}

export interface SetupAnswers {
  language: Language;
  marketplace: SetupMarketplace;
  blogs: BlogAnswer[];
  /** `listen` absent: ./intake.ts `webhookListen` decides. */
  intake: IntakeAnswer;
  notify?: NotifyAnswer;
  status: { host: string; port: number; password?: string };
  redis?: { url?: string; prefix?: string; embedded?: boolean };
  /** The parts of pressbridge.yaml steps of their own set (src/setup/draft.ts `configParts`), merged in order. */
  configParts?: Array<Record<string, unknown>>;
}

/** The blogs pressbridge publishes to: every blog with a target. */
export function handledBlogs(answers: Pick<SetupAnswers, 'blogs'>): BlogAnswer[] {
  return answers.blogs.filter((b) => b.target !== 'none');
}

/** The handled blogs whose publisher files an article under a category (a folder of files has none). */
export function blogsWithCategories(answers: Pick<SetupAnswers, 'blogs'>): BlogAnswer[] {
  return handledBlogs(answers).filter((b) => b.target !== 'static');
}
