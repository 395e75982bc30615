/**
 * Serving the built SPA (dist/client): the brotli or gzip copy `npm run build` wrote next to each
 * text asset (client/vite.config.ts) when the browser accepts it, and cache headers by kind:
 * hashed files under /assets never change (a year, immutable), index.html is revalidated on
 * every load (no-cache) so a deploy is picked up at once, anything else (favicon) for an hour.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { dropDocumentHeaders } from './security-headers.js';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
const OTHER_CACHE = 'public, max-age=3600';

/** Files the build pre-compresses (client/vite.config.ts writes .br and .gz beside them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Files a page loads as scripts or stylesheets, never as documents (see dropDocumentHeaders). */
const SUBRESOURCE = /\.(js|mjs|css)$/;

type Encoding = 'br' | 'gzip';
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encodings an Accept-Encoding header allows, best first (q=0 means "not this one"). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const allowed = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    allowed.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = allowed.get('*');
  const weight = (name: Encoding) => allowed.get(name) ?? wildcard ?? 0;
  return (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
}

export function cacheControlFor(urlPath: string): string {
  if (urlPath === '/' || urlPath.endsWith('.html')) return REVALIDATE_CACHE;
  if (urlPath.startsWith('/assets/')) return IMMUTABLE_CACHE;
  return OTHER_CACHE;
}

/**
 * Sends distDir/relativeFile, compressed when a pre-compressed copy exists and the client takes
 * it. Returns false when the file does not exist (the caller moves on).
 */
export function sendClientFile(
  distDir: string,
  relativeFile: string,
  acceptEncoding: string | undefined,
  res: Response,
  cacheControl: string,
): boolean {
  const absolute = path.resolve(distDir, relativeFile);
  // The URL must stay inside distDir (no "..", no absolute paths).
  if (!absolute.startsWith(distDir + path.sep) || !existsSync(absolute)) return false;
  res.setHeader('Cache-Control', cacheControl);
  if (SUBRESOURCE.test(absolute)) dropDocumentHeaders(res);
  if (COMPRESSIBLE.test(absolute)) {
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = acceptedEncodings(acceptEncoding).find((name) => existsSync(absolute + EXTENSION[name]));
    if (encoding) {
      // Content-Type of the original file, not of ".br"/".gz" (send keeps a type already set).
      res.type(path.extname(absolute));
      res.setHeader('Content-Encoding', encoding);
      res.sendFile(absolute + EXTENSION[encoding], { cacheControl: false, dotfiles: 'deny' });
      return true;
    }
  }
  res.sendFile(absolute, { cacheControl: false, dotfiles: 'deny' });
  return true;
}

/**
 * Static files of the built client with pre-compressed variants and cache headers. Without
 * `sourceMaps` (production) a `.map` file is a 404: the build writes them (useful to read a stack
 * trace against), but they would hand out the client's source.
 */
export function clientAssets(distDir: string, { sourceMaps }: { sourceMaps: boolean }): RequestHandler {
  const root = path.resolve(distDir);
  const fallback = express.static(root, {
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) =>
      res.setHeader('Cache-Control', cacheControlFor(filePath.slice(root.length).replaceAll(path.sep, '/'))),
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (!sourceMaps && urlPath.endsWith('.map')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (urlPath === '/' || urlPath.includes('\0') || !COMPRESSIBLE.test(urlPath)) return fallback(req, res, next);
    if (!sendClientFile(root, `.${urlPath}`, req.get('accept-encoding'), res, cacheControlFor(urlPath))) return next();
  };
}
