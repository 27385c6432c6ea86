/**
 * The host names the status page and the setup page answer to, whatever address they listen on: the loopback
 * names (`localhost`, `*.localhost`, 127.0.0.0/8, `::1`) plus the names the owner configured (`status.hosts`,
 * `PRESSBRIDGE_STATUS_HOSTS`). A web page whose own name was re-pointed at this machine (DNS rebinding) sends its
 * own name as `Host`, so it is refused before it can read a page or spend a password or token guess.
 *
 * Names are compared the way a browser writes them: through the WHATWG URL parser, which turns `127.1`,
 * `0x7f.1`, `2130706433` into `127.0.0.1`, `[0::1]` into `[::1]`, upper case into lower case, and drops a
 * trailing dot. Anything the parser would read as more than a host and a port (`evil@127.0.0.1`, a path) is no
 * host name.
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Characters a Host header or a configured name may have (letters, digits, `.-_`, an IPv6 literal, a port). */
const HOST_TEXT = /^[A-Za-z0-9._\-[\]:]{1,255}$/;

/**
 * The canonical name of a host (a `Host` header or a name, with or without a port: `[::1]:8081` → `::1`): lower
 * case, no trailing dot, an IPv6 literal without brackets; undefined when it is not a host name.
 */
export function canonicalHost(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? '';
  if (!HOST_TEXT.test(trimmed)) return undefined;
  // A bare IPv6 address (`::1`, as a listen address is written) is bracketed for the parser.
  const bare = !trimmed.startsWith('[') && trimmed.split(':').length > 2;
  let url: URL;
  try {
    url = new URL(`http://${bare ? `[${trimmed}]` : trimmed}/`);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search || url.hash) {
    return undefined;
  }
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return name === '' ? undefined : name;
}

/** True for names and addresses that reach only this machine, in any spelling the URL parser accepts. */
export function isLoopbackHost(host: string): boolean {
  const name = canonicalHost(host);
  if (name === undefined) return false;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = isIP(name);
  return family !== 0 && LOOPBACK.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a request addressed to `hostHeader` is for this page: a loopback name or one of `allowed`. */
export function isAllowedHost(hostHeader: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = canonicalHost(hostHeader);
  return name !== undefined && (isLoopbackHost(name) || allowed.has(name));
}

/**
 * The bucket a guess limit counts a request's wrong passwords or tokens in, besides its client address:
 * `loopback` for every loopback name (one bucket, however many spellings), the configured name itself, and
 * `other` for any other name. A page that rebinds its own name to this machine thus spends only its own
 * guesses, never those of the owner who opened http://127.0.0.1:8081.
 */
export function hostScope(hostHeader: string | undefined, allowed: ReadonlySet<string>): string {
  const name = canonicalHost(hostHeader);
  if (name === undefined) return 'other';
  if (isLoopbackHost(name)) return 'loopback';
  return allowed.has(name) ? `name:${name}` : 'other';
}

/** The configured names as a set of canonical names (invalid entries are the setting's to refuse). */
export function allowedHostSet(names: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((names ?? []).flatMap((n) => canonicalHost(n) ?? []));
}
