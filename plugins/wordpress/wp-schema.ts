import { z } from 'zod';

/**
 * What pressbridge reads from WordPress's REST answers (context=edit), and nothing more. Lenient: unknown fields
 * pass, a malformed optional field is dropped rather than failing the publish.
 */

const optionalString = z.string().optional().catch(undefined);
const optionalNumber = z.number().optional().catch(undefined);

/** `GET <root>?_fields=name,url,home,namespaces`: the REST index. */
export const WpIndex = z.object({
  name: optionalString,
  /** The site address (siteurl): wp-admin lives below it. */
  url: optionalString,
  home: optionalString,
  namespaces: z.array(z.string()),
});
export type WpIndex = z.infer<typeof WpIndex>;

/** `GET /wp/v2/users/me`. */
export const WpUser = z.object({
  id: z.number().int(),
  name: optionalString,
  slug: optionalString,
  capabilities: z.record(z.string(), z.unknown()).optional().catch(undefined),
});
export type WpUser = z.infer<typeof WpUser>;

export const WpPost = z.object({
  id: z.number().int().positive(),
  status: z.string(),
  slug: z.string().catch(''),
  link: z.string(),
  featured_media: optionalNumber,
  categories: z.array(z.number()).optional().catch(undefined),
  content: z.object({ raw: optionalString }).optional().catch(undefined),
});
export type WpPost = z.infer<typeof WpPost>;
/**
 * Strict on purpose: the post and media lookups decide whether the deal's post or photo already exists, and an
 * item left out could be that post, published a second time. A malformed item fails the lookup (retried).
 */
export const WpPostList = z.array(WpPost);

const WpSize = z.object({
  source_url: z.string(),
  width: optionalNumber,
  height: optionalNumber,
});

export const WpMedia = z.object({
  id: z.number().int().positive(),
  slug: z.string().catch(''),
  source_url: z.string(),
  alt_text: optionalString,
  media_details: z
    .object({
      width: optionalNumber,
      height: optionalNumber,
      sizes: z.record(z.string(), WpSize.optional().catch(undefined)).optional().catch(undefined),
    })
    // WordPress answers `{}` for media whose metadata it could not make, and some versions an empty list.
    .optional()
    .catch(undefined),
});
export type WpMedia = z.infer<typeof WpMedia>;
export const WpMediaList = z.array(WpMedia);

export const WpCategory = z.object({
  id: z.number().int().positive(),
  name: z.string().catch(''),
});
export type WpCategory = z.infer<typeof WpCategory>;
/**
 * A page of categories or tags read item by item: a malformed term is left out (`left` counts them), never the
 * page; `read` is the page's own length, for paging. Only listings and name searches read these: a tag left out
 * of a search is created, and WordPress's `term_exists` answer then names the existing one.
 */
export const WpTermPage = z.array(z.unknown()).transform((raw) => {
  const items = raw.flatMap((value) => WpCategory.safeParse(value).data ?? []);
  return { items, read: raw.length, left: raw.length - items.length };
});
/** A tag or a category: `{ id, name }` (`name` as WordPress stores it, `&` as `&amp;`). */
export const WpTerm = WpCategory;
export type WpTerm = WpCategory;

/** The body of a REST error: `{ code, message, data: { status, params? } }`. */
export const WpErrorBody = z.object({
  code: z.string(),
  message: z.string().catch(''),
  data: z
    .object({
      status: optionalNumber,
      params: z.record(z.string(), z.unknown()).optional().catch(undefined),
      /** `term_exists`: the id of the term that already has the name. */
      term_id: optionalNumber,
    })
    .optional()
    .catch(undefined),
});
export type WpErrorBody = z.infer<typeof WpErrorBody>;

/** The fields a post lookup asks for (content.raw to confirm the marker; WordPress then skips rendering). */
export const POST_FIELDS = 'id,status,slug,link,featured_media,categories,content.raw';
export const MEDIA_FIELDS = 'id,slug,source_url,alt_text,media_details';
