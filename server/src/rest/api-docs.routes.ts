import { createRequire } from 'node:module';
import path from 'node:path';
import type { Response } from 'express';
import { z } from 'zod';
import { RestRoutes } from './openapi/rest-routes.js';

/** The two machine-readable documents, built once on first use (they describe code, which does not change at run time). */
export interface ApiDocuments {
  openapi(): object;
  asyncapi(): AsyncApiSummary & object;
}

/** What the reference page lists of the AsyncAPI document: its channels and their frames. */
export interface AsyncApiSummary {
  info: { description: string };
  channels: Record<
    string,
    { address: string | null; title: string; description: string; messages: Record<string, unknown> }
  >;
}

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** The viewer's files, served from the installed swagger-ui-dist package (no CDN): name -> file and type. */
const VIEWER_FILES: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': { file: path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), type: 'text/javascript' },
  'swagger-ui.css': { file: path.join(SWAGGER_UI_DIR, 'swagger-ui.css'), type: 'text/css' },
};
/** Our own start-up script: a file, not an inline script, so the page keeps the app's CSP (script-src 'self'). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, docExpansion: 'list', defaultModelsExpandDepth: 0 });
});
`;
const PAGE_CSS = `body { margin: 0; font-family: system-ui, sans-serif; color: #1f2328; }
.api-docs-header { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: baseline; padding: 16px 24px; background: #14171f; color: #fff; }
.api-docs-header h1 { margin: 0; font-size: 20px; }
.api-docs-header a { color: #8ab4ff; margin-right: 16px; }
.realtime { max-width: 1460px; margin: 0 auto; padding: 0 20px 40px; }
.realtime table { border-collapse: collapse; width: 100%; font-size: 14px; }
.realtime th, .realtime td { text-align: left; border-bottom: 1px solid #d0d7de; padding: 6px 8px; vertical-align: top; }
.realtime code { background: #f3f4f6; padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
@media (max-width: 700px) {
  .realtime thead { display: none; }
  .realtime table, .realtime tbody, .realtime tr, .realtime td { display: block; }
  .realtime tr { border-bottom: 1px solid #d0d7de; padding: 8px 0; }
  .realtime td { border: none; padding: 2px 0; }
}
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const codes = (names: string[]) => names.map((name) => `<code>${escapeHtml(name)}</code>`).join(' ');

function realtimeSection(asyncapi: AsyncApiSummary): string {
  const rows = Object.values(asyncapi.channels).map(
    (channel) =>
      `<tr><td><code>${escapeHtml(channel.address ?? '(no channel)')}</code><br>${escapeHtml(channel.title)}</td><td>${escapeHtml(channel.description)}</td><td>${codes(Object.keys(channel.messages))}</td></tr>`,
  );
  return `<section class="realtime" id="realtime">
<h2>Realtime socket <code>/api/ws</code></h2>
<p>${escapeHtml(asyncapi.info.description).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>
<p>Every frame's schema is in the <a href="/api/asyncapi.json">AsyncAPI 3 document</a>.</p>
<table><thead><tr><th>Channel</th><th>Access</th><th>Frames</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</section>`;
}

function page(asyncapi: AsyncApiSummary): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · BZU platform</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/page.css">
</head>
<body>
<header class="api-docs-header">
<h1>BZU platform API reference</h1>
<nav><a href="/api/openapi.json">OpenAPI 3.1 (JSON)</a><a href="/api/asyncapi.json">AsyncAPI 3 for /api/ws (JSON)</a><a href="#realtime">Realtime socket</a><a href="/">Back to the site</a></nav>
</header>
<main>
<div id="swagger-ui"></div>
${realtimeSection(asyncapi)}
</main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;
}

function sendJsonDocument(res: Response, document: object): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.json(document);
}

const tags = ['documentation'];
const html = { description: 'The reference page', contentType: 'text/html', schema: z.string() };
const assetNames = ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js', 'page.css'] as const;

/** GET /api/openapi.json, /api/asyncapi.json and the reference page /api/docs (Swagger UI from swagger-ui-dist). */
export function apiDocsRoutes(documents: ApiDocuments): RestRoutes {
  const routes = new RestRoutes();
  routes.add(
    {
      method: 'get',
      path: '/api/openapi.json',
      summary: 'This document: OpenAPI 3.1 for every REST path',
      tags,
      access: 'public',
      responses: { 200: z.record(z.string(), z.unknown()) },
    },
    (_req, res) => sendJsonDocument(res, documents.openapi()),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/asyncapi.json',
      summary: 'AsyncAPI 3 for the /api/ws socket',
      tags,
      access: 'public',
      responses: { 200: z.record(z.string(), z.unknown()) },
    },
    (_req, res) => sendJsonDocument(res, documents.asyncapi()),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/docs',
      summary: 'The API reference page',
      tags,
      access: 'public',
      responses: { 200: html },
    },
    (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(page(documents.asyncapi()));
    },
  );
  routes.add(
    {
      method: 'get',
      path: '/api/docs/:asset',
      summary: "The reference page's scripts and styles",
      tags,
      access: 'public',
      params: z.object({ asset: z.enum(assetNames) }),
      responses: { 200: { description: 'The file', contentType: ['text/javascript', 'text/css'], schema: z.string() } },
      errors: [404],
    },
    (req, res, next) => {
      const asset = String(req.params.asset);
      res.setHeader('Cache-Control', 'public, max-age=3600');
      if (asset === 'init.js') return void res.type('text/javascript').send(INIT_SCRIPT);
      if (asset === 'page.css') return void res.type('text/css').send(PAGE_CSS);
      const file = VIEWER_FILES[asset];
      if (!file) return next();
      res.type(file.type).sendFile(file.file);
    },
  );
  return routes;
}
