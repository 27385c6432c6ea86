/** The /v1 identity and blog routes: GET /me, GET /blogs, PATCH /blogs/{id}. */
import { z } from 'zod';
import { ERROR, LIMITS } from '../api-document.js';
import { ApiError } from '../api-error.js';
import { advertiserCredit } from '../offers.js';
import { type ApiDeps, BLOGGER, BOTH, bodyObject, ok, pathId, type Routes, zodMessage } from '../request.js';
import { blogView } from '../views.js';

const CategoryInput = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  default: z.boolean().optional(),
});

const BlogPatchBody = z.object({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  note: z.string().optional(),
  min_price: z.number().int().min(0).optional(),
  monthly_visitors: z.number().int().min(0).optional(),
  writing_service: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  writing_price_per_ns: z.number().int().min(0).optional(),
  agent_publish: z.boolean().optional(),
  categories: z
    .array(CategoryInput)
    .max(LIMITS.maxCategories)
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, 'category ids must be unique')
    .optional(),
});

export function accountRoutes(routes: Routes, deps: ApiDeps): void {
  const publishedCount = (blogId: number): number =>
    [...deps.state.deals.values()].filter((d) => d.blogId === blogId && d.articleUrl !== null).length;

  routes.get('/me', { roles: BOTH, scope: 'read' }, ({ key }) => {
    return ok({
      id: key.accountId,
      login: `${key.role}${key.accountId}`,
      role: key.role,
      scopes: [...key.scopes],
      credit:
        key.role === 'inzerent' ? advertiserCredit(deps.state, key.accountId) : { available: 0, blocked: 0 },
    });
  });

  routes.get('/blogs', { roles: BLOGGER, scope: 'read' }, ({ key }) =>
    ok({
      data: [...deps.state.blogs.values()]
        .filter((b) => b.accountId === key.accountId)
        .map((b) => blogView(b, publishedCount(b.id), deps.dates)),
    }),
  );

  routes.patch('/blogs/:id', { roles: BLOGGER, scope: 'write' }, ({ req, key, body }) => {
    const id = pathId(req, 'id');
    const blog = deps.state.blogs.get(id);
    if (!blog) throw new ApiError(404, ERROR.notFound, `Blog ${id} does not exist`);
    if (blog.accountId !== key.accountId) {
      throw new ApiError(403, ERROR.wrongRole, `Blog ${id} belongs to another account`);
    }
    const parsed = BlogPatchBody.safeParse(bodyObject(body));
    if (!parsed.success) throw new ApiError(400, ERROR.badParameter, zodMessage(parsed.error));
    const patch = parsed.data;
    if (patch.agent_publish !== undefined) {
      if (blog.mode === 'wordpress' || blog.mode === 'github') {
        throw new ApiError(409, ERROR.wrongState, `Blog ${id} publishes in ${blog.mode} mode`);
      }
      blog.mode = patch.agent_publish ? 'agent' : 'manual';
    }
    if (patch.categories) {
      blog.categories = patch.categories.map((c) => ({
        id: c.id,
        name: c.name,
        ...(c.default === undefined ? {} : { default: c.default }),
      }));
    }
    if (patch.name !== undefined) blog.name = patch.name;
    if (patch.description !== undefined) blog.description = patch.description;
    if (patch.note !== undefined) blog.note = patch.note;
    if (patch.min_price !== undefined) blog.minPrice = patch.min_price;
    if (patch.writing_service !== undefined) blog.writingService = patch.writing_service;
    if (patch.writing_price_per_ns !== undefined) blog.writingPricePerNs = patch.writing_price_per_ns;
    if (patch.monthly_visitors !== undefined) {
      blog.monthlyVisitors = patch.monthly_visitors;
      blog.monthlyVisitorsUpdated = Date.now();
    }
    return ok(blogView(blog, publishedCount(blog.id), deps.dates));
  });
}
