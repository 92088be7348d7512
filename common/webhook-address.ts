import { parse } from 'tldts';

/** Why a webhook address was refused; one code per rule so UI and simulator can branch on it. */
export type WebhookAddressProblem =
  | 'empty'
  | 'not_https'
  | 'not_a_url'
  | 'has_credentials'
  | 'ip_address'
  | 'localhost'
  | 'local_or_internal_name'
  | 'not_public_domain';

/** The outcome of `checkWebhookAddress`: the address to save, or the rule it broke and what to do. */
export type WebhookAddressCheck =
  | { ok: true; url: string }
  | { ok: false; reason: WebhookAddressProblem; message: string };

/** The fix for every host problem: the service must reach the address from the internet. */
const USE_PUBLIC =
  'Use the https:// address of your tunnel or reverse proxy, with a public domain name (for example https://hooks.yourbusiness.com/deskbell).';

/**
 * Names that IANA's special-use registry reserves for documentation but which
 * are ordinary public DNS names (they resolve and serve HTTPS); docs and tests
 * use them as the stand-in for "your public domain", so they are allowed.
 */
const DOCUMENTATION_DOMAINS = new Set(['example.com', 'example.net', 'example.org']);

/** A refusal, kept in one shape so every rule reads the same. */
function refuse(reason: WebhookAddressProblem, message: string): WebhookAddressCheck {
  return { ok: false, reason, message };
}

/**
 * Check a webhook address against the spec's address rules (https only, a
 * public domain name, no IP addresses, localhost, `.local` or `.internal`
 * names, no username or password) before it is sent to the service, so staff
 * get a specific reason instead of a generic refusal. Surrounding whitespace
 * is ignored; on success `url` is the parsed, normalised address: save that,
 * so what is saved is exactly what was checked. Messages name at most the
 * host, never the whole address, which may hold a password.
 */
export function checkWebhookAddress(address: string): WebhookAddressCheck {
  const trimmed = address.trim();
  if (trimmed === '') return refuse('empty', `Enter the webhook address. ${USE_PUBLIC}`);
  // The rule is literally "must start with https://"; URL() alone would also
  // accept "https:host" or "https:\\host".
  if (!/^https:\/\//i.test(trimmed)) {
    return refuse('not_https', `The address must start with https:// because the service only delivers over HTTPS. ${USE_PUBLIC}`);
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return refuse('not_a_url', `This is not a valid web address; check it for typos or spaces. ${USE_PUBLIC}`);
  }
  if (url.username !== '' || url.password !== '') {
    return refuse(
      'has_credentials',
      'The address must not contain a username or password (the part before @). Remove it: the service proves itself with the webhook secret instead.',
    );
  }
  const problem = hostProblem(url.hostname);
  return problem ?? { ok: true, url: url.href };
}

/**
 * The rules about the host, applied to URL()'s normalised hostname: it has
 * already turned "2130706433" or "0x7f.0.0.1" into "127.0.0.1", lower-cased
 * and punycoded names, and bracketed IPv6, so no spelling slips through.
 */
function hostProblem(hostname: string): WebhookAddressCheck | null {
  // A trailing dot ("localhost.") names the same host; ignore it for the rules.
  const host = hostname.replace(/\.+$/, '');
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    return refuse('ip_address', `${hostname} is an IP address; the service only delivers to a domain name. ${USE_PUBLIC}`);
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return refuse('localhost', `${hostname} is this computer, which the service cannot reach. ${USE_PUBLIC}`);
  }
  if (/(^|\.)(local|internal)$/.test(host)) {
    return refuse(
      'local_or_internal_name',
      `${hostname} is a local network name that the service cannot reach. ${USE_PUBLIC}`,
    );
  }
  // ICANN section only: private-section suffixes (github.io, ngrok-free.app)
  // sit under real TLDs and their hosts are just as public, while counting them
  // would turn real hosts such as "github.io" into bare suffixes.
  const parsed = parse(host, { detectSpecialUse: true });
  if (parsed.hostname === null) {
    return refuse('not_a_url', `${hostname} is not a valid host name; check it for typos. ${USE_PUBLIC}`);
  }
  if (parsed.isIp === true) {
    return refuse('ip_address', `${hostname} is an IP address; the service only delivers to a domain name. ${USE_PUBLIC}`);
  }
  if (parsed.isIcann !== true) {
    // No known top-level domain: "myhost", "nas.lan", "server.corp".
    return refuse(
      'not_public_domain',
      `${hostname} is not a public domain name: it does not end in a known top-level domain such as .com. ${USE_PUBLIC}`,
    );
  }
  if (parsed.domain === null) {
    // Only a suffix under which others register names ("co.uk"), nobody's own domain.
    return refuse('not_public_domain', `${hostname} is a top-level suffix, not a domain name. ${USE_PUBLIC}`);
  }
  if (parsed.isSpecialUse === true && !DOCUMENTATION_DOMAINS.has(parsed.domain)) {
    // Reserved names that are in the suffix list yet never public: ".onion", "home.arpa".
    return refuse('not_public_domain', `${hostname} is a reserved name, not a public domain name. ${USE_PUBLIC}`);
  }
  return null;
}
