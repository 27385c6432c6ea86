/**
 * The contract between the setup flow (src/setup/: the /setup page and `pressbridge setup`) and the WordPress
 * connection (src/setup/wordpress/: finding the REST API, WordPress's own Application Password authorization,
 * and the checks that name each failure with its fix). The setup flow only calls what is declared here.
 */
import type { Check } from '../../checks.js';

/** Where the setup may connect (../address-guard.ts decides; this is what a caller says). */
export interface AddressPolicy {
  /** The blogger confirmed that a loopback, unspecified or link-local address is meant. */
  allowLocal: boolean;
}

/** One sentence for the blogger, in both languages the product speaks. */
export interface SetupText {
  cs: string;
  en: string;
}

/** What `discoverWordPress` found at the address the blogger typed. */
export interface WordPressDiscovery {
  /** The site's home address as WordPress reports it (no trailing slash). */
  siteUrl: string;
  /** The REST API root: `<site>/wp-json/` or `<site>/?rest_route=/`. */
  restRoot: string;
  /**
   * WordPress's Application Password authorization page (the REST index's
   * `authentication["application-passwords"].endpoints.authorization`); absent when the site offers none.
   */
  authorizationUrl?: string;
  /** The checks made so far (REST API found and answering JSON, Application Passwords available). */
  checks: Check<SetupText>[];
  /** Found with a local address confirmed (../address-guard.ts): the checks with the credentials may go there too. */
  allowLocal?: boolean;
}

/** The credentials WordPress hands back to `success_url` (or that the blogger pasted). */
export interface WordPressCredentials {
  restRoot: string;
  username: string;
  applicationPassword: string;
}

/** Parameters of the authorization link. */
export interface AuthorizationRequest {
  /** Stable per installation (a UUID kept in the data directory), so WordPress lists one pressbridge entry. */
  appId: string;
  /**
   * Where WordPress sends the blogger back with `site_url`, `user_login` and `password` (or `success=false`).
   * Absent (the terminal), or where WordPress would refuse it: WordPress shows the password to paste.
   */
  successUrl?: string;
  rejectUrl?: string;
}

export interface WordPressConnection {
  /**
   * Finds the REST API at a typed address (with or without scheme, with or without pretty permalinks), following
   * redirects hop by hop; a local address (this machine, link-local) only when `policy.allowLocal` confirms it,
   * never a cloud metadata service (../address-guard.ts). The refusal is a `local-address` check.
   */
  discover(siteAddress: string, policy?: AddressPolicy): Promise<WordPressDiscovery>;
  /**
   * The link that opens WordPress's own "Authorize application" screen, `app_name=pressbridge <time> UTC` (a new
   * name each time: WordPress refuses a second password of the same name).
   */
  authorizationLink(discovery: WordPressDiscovery, request: AuthorizationRequest): string;
  /** Reads WordPress's redirect to `success_url` (query parameters); undefined when the blogger rejected. */
  credentialsFromCallback(
    discovery: WordPressDiscovery,
    query: Readonly<Record<string, string | undefined>>,
  ): WordPressCredentials | undefined;
  /**
   * Every check with the credentials, each failure named with its fix: the Authorization header reaching PHP
   * (told apart from a wrong password), the password, `publish_posts` and `upload_files`, block markup and a
   * media upload accepted; ends with a test draft with one image, created and deleted. `policy` as for
   * `discover` (the one the REST root was found with).
   */
  verify(credentials: WordPressCredentials, policy?: AddressPolicy): Promise<Check<SetupText>[]>;
}
