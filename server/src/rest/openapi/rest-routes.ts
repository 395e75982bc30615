import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a path: anyone, only with a session's bearer token, or anyone with more for a signed-in caller. */
export type Access = 'public' | 'bearer' | 'optional-bearer';

/** A documented answer: a JSON body's schema, a non-JSON body (CSV, metrics text) or no body at all. */
export type ResponseDoc =
  | z.ZodType
  | {
      description: string;
      schema?: z.ZodType;
      contentType?: string | readonly string[];
      headers?: Record<string, string>;
    };

/**
 * One REST path as the OpenAPI document shows it (rest/openapi/openapi-document.ts), declared where its handler is
 * registered, from the same zod schemas the procedure behind it validates with. Error answers (the legacy error
 * body) are listed by status only: `errors: [400, 401, 404]`.
 */
export interface RouteDoc {
  method: HttpMethod;
  /** Express path(s) (`/api/bets/:id`); each becomes an OpenAPI path (`/api/bets/{id}`). */
  path: string | readonly string[];
  summary: string;
  description?: string;
  tags: readonly string[];
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Successful answers by status. */
  responses: Readonly<Record<number, ResponseDoc>>;
  /** Error statuses this path can answer with the legacy error body (500 and 503 are added to every path). */
  errors?: readonly number[];
}

/**
 * An area's routes and their documentation, registered together so neither can be added without the other:
 * `routes.add({ method: 'get', path: '/api/x', ... }, handler)`. `router` is mounted by rest/router.ts; `docs`
 * feed the OpenAPI document.
 */
export class RestRoutes {
  readonly router = Router();
  readonly docs: RouteDoc[] = [];
  /** Each path's literal start (up to its first parameter), lower case: no request outside them can match a route. */
  private readonly prefixes = new Set<string>();

  add(doc: RouteDoc, handler: RequestHandler): this {
    this.docs.push(doc);
    this.router[doc.method](typeof doc.path === 'string' ? doc.path : [...doc.path], handler);
    for (const path of pathsOf(doc)) this.prefixes.add(literalStart(path).toLowerCase());
    return this;
  }

  /**
   * The router behind a check that the path can be one of this area's: a request for another area skips this one's
   * routes at the cost of a few string compares, instead of a path match per route (the router tries every route in
   * turn, and a bet passes five areas' routes before its own). Express matches paths case-insensitively; so does this.
   */
  handler(): RequestHandler & { router: Router } {
    const prefixes = [...this.prefixes];
    const checked: RequestHandler = (req, res, next) => {
      const path = req.path.toLowerCase();
      if (prefixes.some((prefix) => path.startsWith(prefix))) this.router(req, res, next);
      else next();
    };
    // The router stays reachable for what lists an app's routes (the API documents' test).
    return Object.assign(checked, { router: this.router });
  }
}

/** The part of an Express path before its first parameter or wildcard ("/api/bets/:id" -> "/api/bets/"). */
function literalStart(expressPath: string): string {
  const dynamic = expressPath.search(/[:*{(]/);
  return dynamic < 0 ? expressPath : expressPath.slice(0, dynamic);
}

/** Express `:name` segments as OpenAPI `{name}` ones. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function pathsOf(doc: RouteDoc): readonly string[] {
  return typeof doc.path === 'string' ? [doc.path] : doc.path;
}
