import type { Request } from 'express';

/** The JSON body as a plain object; anything else (absent, an array, a scalar) reads as empty, so each field then fails its procedure's schema. */
export function body(req: Request): Record<string, unknown> {
  return bodyObject(req.body);
}

/** A parsed JSON body as a route reads it: an object, or {} for anything else. */
export function bodyObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
