/**
 * GET /blogs/:id/rules — one blog's rules, in plain words and as a form; POST saves them (the form token, behind
 * the page's password like every route): checked by the config's `BlogRules`, written into the config file
 * (src/rules/config-file.ts), taken by the running daemon from there (src/rules/reader.ts). A refused value
 * writes nothing and the page says why; a saved one redirects back with a flash.
 */
import express, { type Request, type Response, type Router } from 'express';
import { errorMessage } from '../../errors.js';
import { scrubText } from '../../redact.js';
import { RULE_FIELDS, type RulesForm, rulesFormOf } from '../../rules/fields.js';
import { parsePositiveInt } from '../format.js';
import { setFlash } from '../security.js';
import type { StatusDeps, StatusRules } from '../types.js';
import { renderRulesPage } from '../views/rules.js';
import type { PageKit } from './page-kit.js';

export function rulesRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  const { rules } = deps;
  if (!rules) return;

  /** The blog of `:id` when the config has it, else undefined after sending the 404 page. */
  const blogOf = (req: Request, res: Response): { id: number; name: string } | undefined => {
    const id = parsePositiveInt(req.params.id);
    const name = id.ok && id.value !== undefined ? kit.blogNames.get(id.value) : undefined;
    if (!id.ok || id.value === undefined || name === undefined) {
      const blog = String(req.params.id).slice(0, 20);
      kit.fail(req, res, 404, kit.t.t('status.error.not_found'), kit.t.t('rules.no_blog', { blog }));
      return undefined;
    }
    return { id: id.value, name };
  };

  const page = (
    req: Request,
    res: Response,
    status: number,
    blog: { id: number; name: string },
    extra: { form?: RulesForm; error?: string } = {},
  ) => {
    const current = rules.read(blog.id);
    kit.send(
      res,
      status,
      renderRulesPage(kit.viewContext(req, res, true), {
        blogId: blog.id,
        blogName: blog.name,
        rules: current,
        form: extra.form ?? rulesFormOf(current),
        editable: rules.save !== undefined,
        error: extra.error,
      }),
    );
  };

  router.get('/blogs/:id/rules', (req, res) => {
    const blog = blogOf(req, res);
    if (blog) page(req, res, 200, blog);
  });

  router.post(
    '/blogs/:id/rules',
    express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 50 }),
    (req, res, next) => {
      if (blogOf(req, res)) next();
    },
    kit.requireForm,
    (req, res) => {
      const blog = blogOf(req, res);
      if (!blog) return;
      const form = formOf(req.body);
      const saved = save(rules, blog.id, form, kit);
      if (saved.ok) {
        kit.log.info({ blogId: blog.id }, 'status page: rules saved');
        const message = kit.t.t('rules.saved', { blog: blog.name });
        setFlash(req, res, { ok: true, message }, kit.signer, kit.cookies);
        res.redirect(303, `${kit.base}/blogs/${blog.id}/rules`);
        return;
      }
      page(req, res, saved.status, blog, { form, error: saved.error });
    },
  );
}

/** The table's fields as posted (anything else is ignored). */
function formOf(body: unknown): RulesForm {
  const posted = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return Object.fromEntries(
    RULE_FIELDS.map((field) => {
      const value = posted[field.key];
      return [field.key, typeof value === 'string' ? value : ''];
    }),
  );
}

function save(
  rules: StatusRules,
  blogId: number,
  form: RulesForm,
  kit: PageKit,
): { ok: true } | { ok: false; status: number; error: string } {
  if (!rules.save) return { ok: false, status: 409, error: kit.t.t('rules.not_editable') };
  try {
    const saved = rules.save(blogId, form);
    if (saved.ok) return { ok: true };
    return { ok: false, status: 422, error: kit.t.t('rules.refused', { problem: kit.t.say(saved.said) }) };
  } catch (error) {
    const detail = scrubText(errorMessage(error));
    kit.log.warn({ blogId, err: detail }, 'status page: the rules could not be written');
    return {
      ok: false,
      status: 500,
      error: kit.t.t('rules.save_failed', { file: rules.file ?? 'pressbridge.yaml', error: detail }),
    };
  }
}
