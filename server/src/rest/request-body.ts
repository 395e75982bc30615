import type { Request } from 'express';

/** The JSON body as a plain object; anything else (absent, an array, a scalar) reads as empty, so each field then fails its procedure's schema. */
export function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
