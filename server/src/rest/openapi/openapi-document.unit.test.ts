import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi-document.js';
import type { RouteDoc } from './rest-routes.js';

const thing = z.object({ id: z.string() });
const routes: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/things/:id',
    summary: 'One thing',
    tags: ['things'],
    access: 'public',
    params: z.object({ id: z.string() }),
    responses: { 200: thing },
    errors: [404],
  },
  {
    method: 'post',
    path: ['/api/things', '/things'],
    summary: 'Add a thing',
    tags: ['things'],
    access: 'bearer',
    body: thing,
    responses: { 201: thing },
  },
];

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(routes, { version: '9.9.9' });
  const paths = document.paths as Record<
    string,
    Record<
      string,
      { responses: Record<string, unknown>; security: unknown[]; parameters?: { in: string; name: string }[] }
    >
  >;

  it('turns Express paths into OpenAPI ones, one operation per path of a route', () => {
    expect(Object.keys(paths).sort()).toEqual(['/api/things', '/api/things/{id}', '/things']);
    expect(paths['/api/things/{id}']!.get!.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    expect(document.info.version).toBe('9.9.9');
  });

  it('lists the error statuses each path can answer: its own, 401 with a bearer token, 400/413 with a body, 429 (the request budget) and 500/503 always', () => {
    expect(Object.keys(paths['/api/things/{id}']!.get!.responses).sort()).toEqual(['200', '404', '429', '500', '503']);
    expect(Object.keys(paths['/api/things']!.post!.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '413',
      '429',
      '500',
      '503',
    ]);
    expect(paths['/api/things']!.post!.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/things/{id}']!.get!.security).toEqual([]);
    expect(paths['/api/things/{id}']!.get!.responses['404']).toEqual(
      expect.objectContaining({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }),
    );
  });

  it('refuses a path documented twice', () => {
    expect(() => buildOpenApiDocument([routes[0]!, routes[0]!], { version: '1' })).toThrow(
      /GET \/api\/things\/\{id\} is documented twice/,
    );
  });
});
