import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { isSignedServerCall } from '../../http/rest-budget.js';
import { legacyErrorBodySchema } from '../legacy-errors.js';
import { openApiPath, pathsOf, type ResponseDoc, type RouteDoc } from './rest-routes.js';

export type OpenApiDocument = oas31.OpenAPIObject;

const BEARER = 'bearerAuth';

/** Errors any path can answer: an unexpected failure (500) or Postgres/Redis being away (503). */
const ALWAYS = [500, 503];
/** What Express's JSON body parser answers before a route runs: malformed JSON (400), a body over 100 kB (413). */
const WITH_BODY = [400, 413];
/** The caller's request budget spent (http/rest-budget.ts); signed server-to-server calls do not pay one. */
const BUDGETED = [429];

function isZod(value: ResponseDoc): value is z.ZodType {
  return typeof (value as { safeParse?: unknown }).safeParse === 'function';
}

function successResponse(status: number, doc: ResponseDoc): ZodOpenApiResponseObject {
  const description = STATUS_CODES[status] ?? String(status);
  if (isZod(doc)) return { description, content: { 'application/json': { schema: doc } } };
  const headers =
    doc.headers &&
    Object.fromEntries(
      Object.entries(doc.headers).map(([name, text]) => [
        name,
        { description: text, schema: { type: 'string' as const } },
      ]),
    );
  return {
    description: doc.description,
    ...(headers ? { headers } : {}),
    ...(doc.schema
      ? {
          content: Object.fromEntries(
            [doc.contentType ?? 'application/json'].flat().map((type) => [type, { schema: doc.schema! }]),
          ),
        }
      : {}),
  };
}

function errorResponse(status: number): ZodOpenApiResponseObject {
  return {
    description: `${STATUS_CODES[status] ?? status} (the error body)`,
    content: { 'application/json': { schema: legacyErrorBodySchema } },
  };
}

function operationId(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method + words.join('');
}

/** A path template's form as a request carries it (`/api/providers/{provider}/bet` -> `/api/providers/x/bet`). */
const openApiExample = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

function operation(doc: RouteDoc, path: string): ZodOpenApiOperationObject {
  const errors = new Set([
    ...(doc.errors ?? []),
    ...(doc.access === 'bearer' ? [401] : []),
    ...(doc.body ? WITH_BODY : []),
    ...(isSignedServerCall(doc.method.toUpperCase(), openApiExample(path)) ? [] : BUDGETED),
    ...ALWAYS,
  ]);
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, response] of Object.entries(doc.responses))
    responses[status] = successResponse(Number(status), response);
  for (const status of [...errors].sort()) responses[String(status)] ??= errorResponse(status);
  return {
    operationId: operationId(doc.method, path),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [...doc.tags],
    security:
      doc.access === 'bearer' ? [{ [BEARER]: [] }] : doc.access === 'optional-bearer' ? [{}, { [BEARER]: [] }] : [],
    ...(doc.params || doc.query
      ? { requestParams: { ...(doc.params ? { path: doc.params } : {}), ...(doc.query ? { query: doc.query } : {}) } }
      : {}),
    ...(doc.body ? { requestBody: { content: { 'application/json': { schema: doc.body } } } } : {}),
    responses,
  };
}

export interface DocumentInfo {
  version: string;
}

/**
 * The OpenAPI 3.1 document of every REST path, from the routes' own declarations (RouteDoc, next to each handler):
 * request schemas are the zod schemas the procedures validate with, rendered by zod-openapi (zod 4's JSON Schema).
 */
export function buildOpenApiDocument(routes: readonly RouteDoc[], info: DocumentInfo): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const doc of routes) {
    for (const expressPath of pathsOf(doc)) {
      const path = openApiPath(expressPath);
      const item = (paths[path] ??= {});
      if (item[doc.method]) throw new Error(`${doc.method.toUpperCase()} ${path} is documented twice`);
      item[doc.method] = operation(doc, path);
    }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'BZU platform REST API',
      version: info.version,
      description: [
        'The REST paths of the casino, sportsbook, chat and BZU token platform. Conventions, examples and the tRPC API are in docs/api.md;',
        'the WebSocket protocol of /api/ws is described by the AsyncAPI document at [/api/asyncapi.json](/api/asyncapi.json).',
        '',
        'Errors have one body everywhere: `{ message, error, code, details? }`. Legacy paths answer money as JSON numbers;',
        'newer ones (vault, tips, rain, sports, raffle, rounds) as exact decimal strings.',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token from POST /api/auth/login (or register): `Authorization: Bearer <token>`.',
        },
      },
    },
    paths,
  }) as OpenApiDocument;
}
