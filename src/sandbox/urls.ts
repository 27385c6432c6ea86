/** URL rules of the sandbox's API: http(s) only, loopback hosts, the blog's domain. */

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The article's host must be the blog's host or a subdomain of it (`www.` on the blog's address ignored). */
export function isOnBlogDomain(articleUrl: URL, blogUrl: string): boolean {
  const blog = parseHttpUrl(blogUrl) ?? parseHttpUrl(`http://${blogUrl}`);
  if (!blog) return false;
  const blogHost = blog.hostname.toLowerCase().replace(/^www\./, '');
  const host = articleUrl.hostname.toLowerCase();
  return host === blogHost || host.endsWith(`.${blogHost}`);
}

/** A URL in its normal form (as `new URL` writes it); anything unparsable as given. */
export function normaliseUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
