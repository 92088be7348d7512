/**
 * Building request URLs from the configured base URL, which ends in the
 * version segment `/api/v1`. Path segments from callers are always encoded,
 * so an id can never add a segment or a query of its own.
 */

/** A query string value; undefined leaves the parameter out. */
export type QueryValue = string | number | boolean | undefined;

/** Parses and normalizes a base URL (no trailing slash). Throws TypeError when it is not an http(s) URL. */
export function parseBaseUrl(baseUrl: string): URL {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('The service address must be an http(s) URL.');
  url.pathname = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url;
}

/** Encodes one path segment (an id, an email...). */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** `base` + `path` (already encoded, starting with /) + the defined query parameters. */
export function joinUrl(base: URL, path: string, query: Record<string, QueryValue> = {}): URL {
  const url = new URL(base.href);
  url.pathname = `${base.pathname}${path}`;
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

/**
 * The `/api` root the notification-preference paths hang from. The spec
 * writes those paths in full (`/api/teams/...`), outside `/api/v1`, so they
 * are derived from the base URL's origin plus whatever prefix comes before
 * `/api/v1` (a service behind a path prefix keeps it).
 */
export function apiRootOf(base: URL): URL {
  const url = new URL(base.href);
  const at = url.pathname.lastIndexOf('/api/v1');
  const prefix = at >= 0 ? url.pathname.slice(0, at) : url.pathname.replace(/\/v1$/, '').replace(/\/api$/, '');
  url.pathname = `${prefix}/api`;
  return url;
}
