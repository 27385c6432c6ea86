/**
 * The blogger's rules in the config file itself: read for the running daemon (./reader.ts) and written by the
 * status page's Rules page (src/status/routes/rules.ts). The file is edited as a YAML document (the `yaml`
 * library's Document API, as the setup writes it: src/setup/write-config.ts), so its comments, its order and
 * every other key stay as they are; only the rule keys of the form's table (./fields.ts) are set or removed in
 * the blog's `rules`, and a key the table does not know is left alone. Written whole or not at all
 * (src/atomic-write.ts); a value `BlogRules` refuses writes nothing.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { type Document, isMap, isScalar, isSeq, parseDocument, type YAMLMap } from 'yaml';
import { writeFileAtomic } from '../atomic-write.js';
import { AppError, type Said } from '../errors.js';
import { RULE_FIELDS, type RulesForm, rulesFromForm } from './fields.js';
import { BlogRules } from './settings.js';

/** Each blog's rules as the file says them (a blog without `rules`: undefined), or why the file says none. */
export type FileRules =
  | { ok: true; rules: ReadonlyMap<number, BlogRules | undefined> }
  | { ok: false; why: string };

function readDocument(path: string): Document {
  const document = parseDocument(readFileSync(path, 'utf8'));
  const [error] = document.errors;
  if (error) throw new AppError('config_yaml', `${path}: ${error.message.split('\n')[0] ?? ''}`);
  return document;
}

/** Every blog's rules in the file, each checked by `BlogRules`; the first problem makes it none. */
export function readFileRules(path: string): FileRules {
  let data: unknown;
  try {
    data = readDocument(path).toJS();
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
  const blogs = (data as { blogs?: unknown } | null)?.blogs;
  if (!Array.isArray(blogs)) return { ok: false, why: 'no blogs list' };
  const rules = new Map<number, BlogRules | undefined>();
  for (const blog of blogs as Array<{ id?: unknown; rules?: unknown } | null>) {
    if (typeof blog?.id !== 'number') continue;
    if (blog.rules === undefined || blog.rules === null) {
      rules.set(blog.id, undefined);
      continue;
    }
    const parsed = BlogRules.safeParse(blog.rules);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      return {
        ok: false,
        why: `blog ${blog.id}: rules.${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
      };
    }
    rules.set(blog.id, parsed.data);
  }
  return { ok: true, rules };
}

function blogNode(document: Document, blogId: number): YAMLMap | undefined {
  const blogs = document.get('blogs');
  if (!isSeq(blogs)) return undefined;
  return blogs.items.find((item): item is YAMLMap => isMap(item) && Number(item.get('id')) === blogId);
}

export type RulesSave = { ok: true; rules: BlogRules } | { ok: false; said: Said };

/**
 * The form's rules for one blog, over what the file says now, checked by `BlogRules` and written into the file;
 * a refusal writes nothing. A file that cannot be read or written throws (the page says so).
 */
export function saveBlogRules(configPath: string, blogId: number, form: RulesForm): RulesSave {
  // Through a symlink to the file it points to: the rename replaces the file, not the link.
  const path = realpathSync(configPath);
  const document = readDocument(path);
  const blog = blogNode(document, blogId);
  if (!blog) return { ok: false, said: { key: 'rules.no_blog', params: { blog: String(blogId) } } };
  const node = blog.get('rules');
  const current = isMap(node) ? (node.toJSON() as BlogRules) : undefined;
  const read = rulesFromForm(form, current);
  if (!read.ok) return { ok: false, said: read.said };
  const rules: YAMLMap = isMap(node) ? node : document.createNode({});
  for (const field of RULE_FIELDS) {
    const value = read.rules[field.key];
    const existing = rules.get(field.key, true);
    if (value === undefined) rules.delete(field.key);
    // A scalar keeps its node, and so the comment beside it (`minReward: 800 # not less`).
    else if (isScalar(existing) && typeof value !== 'object') existing.value = value;
    else rules.set(field.key, document.createNode(value));
  }
  if (rules.items.length === 0) blog.delete('rules');
  else if (rules !== node) blog.set('rules', rules);
  writeFileAtomic(path, document.toString({ lineWidth: 110 }));
  return { ok: true, rules: read.rules };
}
