import type { Services } from '../services.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  /** The bearer token from the Authorization header, or from the socket's connection params. */
  sessionToken?: string;
}

export interface Context extends RequestMeta {
  services: Services;
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

export function createContextFactory(services: Services) {
  return (meta: RequestMeta): Context => ({ ...meta, services });
}
