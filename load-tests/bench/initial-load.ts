/**
 * What the first screen of the SPA costs on the wire: every script, module preload and stylesheet
 * index.html names (the browser fetches all of them before it can paint), plus the home route's
 * own chunk and its static imports when the build's manifest says which they are. Each file is
 * counted at its brotli size (what a browser that sends `Accept-Encoding: br` receives).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export interface InitialLoadFile {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface InitialLoad {
  files: InitialLoadFile[];
  raw: number;
  gzip: number;
  brotli: number;
}

/** The first screen's budget: JS+CSS, brotli, in bytes (issue #17). */
export const INITIAL_LOAD_BUDGET_BYTES = 150 * 1024;

/** Asset paths index.html makes the browser fetch before the first paint. */
export function assetsNamedBy(indexHtml: string): string[] {
  const urls = new Set<string>();
  const tag = /<(script|link)\b([^>]*)>/gi;
  for (const match of indexHtml.matchAll(tag)) {
    const attributes = match[2] ?? '';
    const isScript = match[1]!.toLowerCase() === 'script';
    const rel = /\brel=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (url && /\.(m?js|css)(\?|$)/.test(url)) urls.add(url.replace(/^\//, '').split('?')[0]!);
  }
  return [...urls];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The chunk of a source module and everything it imports statically, from Vite's manifest. */
export function chunkClosure(manifest: Record<string, ManifestChunk>, sourceKey: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(sourceKey);
  return [...files];
}

/** Sizes of the initial load of the build in distDir (home route "/" included when a manifest exists). */
export function measureInitialLoad(distDir: string, homeRouteSources = ['src/routes/index.tsx']): InitialLoad {
  const files = new Set(assetsNamedBy(readFileSync(path.join(distDir, 'index.html'), 'utf8')));
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    for (const source of homeRouteSources) {
      // autoCodeSplitting puts the route's component in a "?tsr-split=component" virtual module.
      for (const key of Object.keys(manifest).filter((k) => k === source || k.startsWith(`${source}?`))) {
        for (const file of chunkClosure(manifest, key)) files.add(file);
      }
    }
  }
  const measured = [...files].map((file): InitialLoadFile => {
    const bytes = readFileSync(path.join(distDir, file));
    return {
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
  });
  const sum = (key: 'raw' | 'gzip' | 'brotli') => measured.reduce((total, file) => total + file[key], 0);
  return {
    files: measured.sort((a, b) => b.brotli - a.brotli),
    raw: sum('raw'),
    gzip: sum('gzip'),
    brotli: sum('brotli'),
  };
}
