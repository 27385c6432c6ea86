/**
 * Where the setup may connect. The setup fetches addresses someone typed or the marketplace pre-filled (the API
 * address, the WordPress address from `blog.url`, wherever WordPress's answers and redirects point), so without a
 * rule it would fetch this machine's own services or the cloud's metadata service and show what they said.
 *
 * | the address is (literal, or what the name resolves to) | without confirmation | confirmed (`allowLocal`) |
 * |---|---|---|
 * | loopback 127.0.0.0/8, ::1; unspecified 0.0.0.0/8, :: (reaches this machine) | refused | allowed |
 * | link-local 169.254.0.0/16, fe80::/10 | refused | allowed |
 * | a cloud metadata service: 169.254.169.254, fd00:ec2::254, 100.100.100.200 | refused | refused |
 * | private (10/8, 172.16/12, 192.168/16, fc00::/7) and public | allowed | allowed |
 *
 * The confirmation exists for the sandbox (`http://127.0.0.1:8090`) and a WordPress on this machine; a blog on the
 * home network is common enough that private ranges pass without one (a confirmation asked for every LAN blog
 * would be ticked by reflex). The metadata service is never a marketplace or a blog, so nothing confirms it.
 * IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`) count as their IPv4 address.
 *
 * The check runs at each connection, on the address connected to (./pinned-fetch.ts's DNS lookup), so a name
 * that resolves to a public address when looked at and to 127.0.0.1 when connecting (DNS rebinding) is refused
 * too, and so is every redirect hop, which is a connection of its own.
 */

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';
import type { Check } from '../checks.js';
import { AppError } from '../errors.js';
import { both } from './text.js';
import type { AddressPolicy, SetupText } from './wordpress/types.js';

export const REFUSE_LOCAL: AddressPolicy = Object.freeze({ allowLocal: false });

export type LocalKind = 'loopback' | 'unspecified' | 'link-local' | 'metadata';

function blockList(entries: ReadonlyArray<[string, number]>): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of entries)
    list.addSubnet(address, prefix, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

/** Checked in this order: the metadata services first (they sit inside the link-local and private ranges). */
const KINDS: ReadonlyArray<[LocalKind, BlockList]> = [
  [
    'metadata',
    blockList([
      ['169.254.169.254', 32],
      ['fd00:ec2::254', 128],
      ['100.100.100.200', 32],
    ]),
  ],
  [
    'loopback',
    blockList([
      ['127.0.0.0', 8],
      ['::1', 128],
    ]),
  ],
  [
    'unspecified',
    blockList([
      ['0.0.0.0', 8],
      ['::', 128],
    ]),
  ],
  [
    'link-local',
    blockList([
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ]),
  ],
];

/** The kind of a local address; undefined for any other (or for what is no IP address). */
export function localKind(address: string): LocalKind | undefined {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return KINDS.find(([, list]) => list.check(bare, type))?.[0];
}

const ARTICLE: Record<LocalKind, string> = {
  loopback: 'a',
  unspecified: 'an',
  'link-local': 'a',
  metadata: 'a',
};

/** A connection the setup refused: the host as given, the address it is or resolved to, and what that is. */
export class LocalAddressError extends AppError {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: LocalKind,
  ) {
    super(
      'setup_local_address',
      kind === 'metadata'
        ? `${host} is a cloud metadata service (${address}); the setup never connects there`
        : `${host} is ${ARTICLE[kind]} ${kind} address (${address}); the setup connects there only when that is confirmed`,
    );
  }
}

/** Throws LocalAddressError when the policy refuses `address` (reached through `host`). */
export function assertAllowed(host: string, address: string, policy: AddressPolicy): void {
  const kind = localKind(address);
  if (kind === undefined || (policy.allowLocal && kind !== 'metadata')) return;
  throw new LocalAddressError(host, address, kind);
}

/** A host name of a URL without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * `dns.lookup` for a connection, refusing it when any address the name resolves to is refused: the check is made
 * on the very answer the connection then uses (no second lookup an attacker's DNS could answer differently).
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      try {
        for (const { address } of addresses) assertAllowed(hostname, address, policy);
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '', 0);
      }
      const [first] = addresses;
      if (options.all) return callback(null, addresses);
      if (!first)
        return callback(Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * A check of `url`'s host before a request made through a fetch that cannot be pinned (one a test injects): the
 * literal address, or every address the name resolves to now. A name that does not resolve is left to the fetch,
 * which then fails on its own.
 */
export async function checkHost(url: URL, policy: AddressPolicy): Promise<void> {
  const host = bareHost(url);
  if (isIP(host) !== 0) return assertAllowed(host, host, policy);
  if (host === 'localhost' || host.endsWith('.localhost')) return assertAllowed(host, '127.0.0.1', policy);
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found));
  });
  for (const { address } of addresses) assertAllowed(host, address, policy);
}

/** `fetch` behind `checkHost`: every request (each redirect hop is one) checked before it is sent. */
export function checkedFetch(policy: AddressPolicy, base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    await checkHost(url, policy);
    return await base(input, init);
  };
}

/** The id of the check that refuses a local address a confirmation would allow (the pages then offer it). */
export const LOCAL_ADDRESS_CHECK = 'local-address';

/** The refusal as a check, naming the address typed and what it leads to, with the fix. */
export function localAddressCheck(url: string, error: LocalAddressError): Check<SetupText> {
  const params = { url: url.slice(0, 200), address: error.address };
  if (error.kind === 'metadata') {
    return {
      id: 'metadata-address',
      status: 'fail',
      detail: both('setup.address.metadata', params),
      fix: both('setup.address.metadata_fix'),
    };
  }
  return {
    id: LOCAL_ADDRESS_CHECK,
    status: 'fail',
    detail: both(`setup.address.${error.kind}`, params),
    fix: both('setup.address.local_fix'),
  };
}

/** The LocalAddressError behind an error (a client wraps what its fetch threw), if that is what it is. */
export function localRefusalOf(error: unknown): LocalAddressError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (cause instanceof LocalAddressError) return cause;
    cause = cause.cause;
  }
  return undefined;
}
