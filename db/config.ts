import path from 'node:path';
import { z } from 'zod';

/**
 * Which database to open: DATABASE_URL, or the embedded one under DATA_DIR. The server's
 * configuration (server/src/env.ts) includes these same two variables; db:migrate reads only them.
 */
export const databaseEnvShape = {
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
};

export interface DatabaseLocation {
  databaseUrl?: string;
  /** DATA_DIR, resolved against the working directory. */
  dataDir: string;
}

export function loadDatabaseLocation(source: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  // An empty variable means "not set", as in the server's configuration.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = z.object(databaseEnvShape).safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
