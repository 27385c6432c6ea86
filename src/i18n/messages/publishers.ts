import type { Catalog } from '../catalog.js';
import { publisherGitHubMessages } from './publisher-github.js';
import { publisherGitHubOptionMessages } from './publisher-github-options.js';
import { publisherStaticMessages } from './publisher-static.js';
import { publisherStaticOptionMessages } from './publisher-static-options.js';
import { publisherWordPressMessages } from './publisher-wordpress.js';
import { publisherWordPressOptionMessages } from './publisher-wordpress-options.js';
import { ruleMessages } from './rules.js';

/**
 * What the publisher plugins say to the blogger, and the words they share: why a request got no answer
 * (src/network-reason.ts, the same English there), an answer over its byte limit and what that limit was for
 * (src/http-body.ts, the same English there), and the rules their option schemas share with the config's (./rules.ts). Plugins name
 * these keys through src/publisher/phrase.ts; the plugins' own entries are in ./publisher-<name>.ts, the rules
 * of their options in ./publisher-<name>-options.ts.
 */
export const publisherMessages = {
  ...publisherWordPressMessages,
  ...publisherGitHubMessages,
  ...publisherStaticMessages,
  ...publisherWordPressOptionMessages,
  ...publisherGitHubOptionMessages,
  ...publisherStaticOptionMessages,
  ...ruleMessages,
  'net.reason': { cs: '{reason} [{code}]', en: '{reason} [{code}]' },
  'net.code.ECONNREFUSED': { cs: 'spojení odmítnuto', en: 'connection refused' },
  'net.code.ENOTFOUND': { cs: 'název serveru nenalezen', en: 'host name not found' },
  'net.code.EAI_AGAIN': {
    cs: 'vyhledání názvu serveru teď selhalo',
    en: 'host name lookup failed for now',
  },
  'net.code.ECONNRESET': { cs: 'spojení bylo přerušeno', en: 'the connection was reset' },
  'net.code.EPIPE': { cs: 'spojení se při odesílání zavřelo', en: 'the connection was closed while sending' },
  'net.code.ETIMEDOUT': { cs: 'spojení vypršelo', en: 'the connection timed out' },
  'net.code.EHOSTUNREACH': { cs: 'server je nedosažitelný', en: 'host unreachable' },
  'net.code.ENETUNREACH': { cs: 'síť je nedosažitelná', en: 'network unreachable' },
  'net.code.UND_ERR_SOCKET': {
    cs: 'spojení se nečekaně zavřelo',
    en: 'the connection was closed unexpectedly',
  },
  'net.code.UND_ERR_CONNECT_TIMEOUT': { cs: 'připojení vypršelo', en: 'connecting timed out' },
  'net.code.CERT_HAS_EXPIRED': { cs: 'jeho certifikát TLS vypršel', en: 'its TLS certificate has expired' },
  'net.code.DEPTH_ZERO_SELF_SIGNED_CERT': {
    cs: 'jeho certifikát TLS je podepsaný sám sebou',
    en: 'its TLS certificate is self-signed',
  },
  'net.code.SELF_SIGNED_CERT_IN_CHAIN': {
    cs: 'řetězec jeho certifikátu TLS je podepsaný sám sebou',
    en: 'its TLS certificate chain is self-signed',
  },
  'net.code.UNABLE_TO_VERIFY_LEAF_SIGNATURE': {
    cs: 'jeho certifikát TLS nelze ověřit',
    en: 'its TLS certificate cannot be verified',
  },
  'net.code.ERR_TLS_CERT_ALTNAME_INVALID': {
    cs: 'jeho certifikát TLS patří jinému názvu serveru',
    en: 'its TLS certificate is for another host name',
  },
  'net.timeout': { cs: 'žádná odpověď včas (timeout)', en: 'no answer in time (timeout)' },
  'net.no_answer': { cs: 'žádná odpověď', en: 'no answer' },
  'body.too_large.declared': {
    cs: 'odpověď na {what} hlásí {declared} (Content-Length), víc než {limit} (limit pro {kind}); nečte se',
    en: 'the answer to {what} declares {declared} (Content-Length), more than {limit} (the limit for {kind}); not read',
  },
  'body.too_large.read': {
    cs: 'odpověď na {what} je větší než {limit} (limit pro {kind}); čtení zastaveno',
    en: 'the answer to {what} is larger than {limit} (the limit for {kind}); read stopped',
  },
  'body.kind.list': { cs: 'seznam', en: 'a list' },
  'body.kind.object': { cs: 'jednu odpověď', en: 'a single answer' },
  'body.kind.article': { cs: 'text obchodu', en: "a deal's text" },
  'body.kind.error': { cs: 'chybovou odpověď', en: 'an error answer' },
  'body.kind.page': { cs: 'webovou stránku', en: 'a web page' },
  'body.kind.channel': { cs: 'odpověď služby upozornění', en: "a notification service's answer" },
  'body.kind.publisher': { cs: 'odpověď API cíle publikování', en: "a publishing target's API answer" },
} as const satisfies Catalog;

export type PublisherMessageKey = keyof typeof publisherMessages;
