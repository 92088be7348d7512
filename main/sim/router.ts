import type { IncomingMessage } from 'node:http';
import { customerError, invalidRequest, parseJsonObject, readBody, SimHttpError, type SimResponse } from './http';

/** What a route handler receives. */
export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  /** Path parameters by name, raw strings (handlers validate them). */
  params: Record<string, string>;
  /** The body parsed as a JSON object; 400 `invalid_request` if malformed. Read once. */
  json(): Promise<Record<string, unknown>>;
  /** Lower-cased header lookup. */
  header(name: string): string | undefined;
}

/** A route handler. It may throw SimHttpError to answer early. */
export type RouteHandler = (ctx: RouteContext) => Promise<SimResponse> | SimResponse;

/** How a route family answers a method it does not support. */
export type MethodNotAllowedStyle = (allow: string[]) => SimResponse;

/** 405 in the Customer API style, with the `Allow` header. */
export const customerMethodNotAllowed: MethodNotAllowedStyle = (allow) =>
  customerError(405, 'method_not_allowed', `This endpoint accepts ${allow.join(', ')}.`, undefined, { Allow: allow.join(', ') });

interface Route {
  pattern: string;
  regex: RegExp;
  names: string[];
  methods: Map<string, RouteHandler>;
  notAllowed: MethodNotAllowedStyle;
}

/**
 * A small path router: patterns like `/api/v1/tasks/:taskId`. A path that
 * matches but with an unsupported method answers 405 with `Allow`, so every
 * route gets the spec's 405 for free.
 */
export class Router {
  private readonly routes: Route[] = [];

  /** Registers `handler` for `method` on `pattern`. */
  add(method: string, pattern: string, handler: RouteHandler, notAllowed: MethodNotAllowedStyle = customerMethodNotAllowed): this {
    let route = this.routes.find((r) => r.pattern === pattern);
    if (!route) {
      const names: string[] = [];
      const source = pattern
        .split('/')
        .map((seg) => {
          if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(seg.slice(1));
          return '([^/]+)';
        })
        .join('/');
      route = { pattern, regex: new RegExp(`^${source}/?$`), names, methods: new Map(), notAllowed };
      this.routes.push(route);
    }
    route.methods.set(method.toUpperCase(), handler);
    return this;
  }

  /** Every registered pattern with the methods it serves, in registration order (tests walk every route with it). */
  list(): { pattern: string; methods: string[] }[] {
    return this.routes.map((r) => ({ pattern: r.pattern, methods: [...r.methods.keys()] }));
  }

  /** Finds the route for a request; null when no pattern matches the path. */
  async dispatch(req: IncomingMessage, url: URL): Promise<SimResponse | null> {
    for (const route of this.routes) {
      const m = route.regex.exec(url.pathname);
      if (!m) continue;
      const method = (req.method ?? 'GET').toUpperCase();
      const handler = route.methods.get(method) ?? (method === 'HEAD' ? route.methods.get('GET') : undefined);
      if (!handler) return route.notAllowed([...route.methods.keys()]);
      const params: Record<string, string> = {};
      route.names.forEach((n, i) => (params[n] = decodeSegment(n, m[i + 1] ?? '')));
      let parsed: Promise<Record<string, unknown>> | null = null;
      const ctx: RouteContext = {
        req,
        url,
        params,
        json: () => (parsed ??= readBody(req).then((text) => parseJsonObject(text, req.headers['content-type']))),
        header: (name) => {
          const v = req.headers[name.toLowerCase()];
          return Array.isArray(v) ? v.join(', ') : v;
        },
      };
      return handler(ctx);
    }
    return null;
  }
}

/** Decodes one path segment; a malformed escape such as `%E0%A4%A` is 400, not a crash. */
function decodeSegment(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new SimHttpError(invalidRequest([{ path: [name], message: 'The path segment is not valid percent-encoding.' }]));
  }
}
