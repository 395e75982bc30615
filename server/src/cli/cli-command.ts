import type { Services } from '../composition/index.js';
import type { Env } from '../env.js';

/** What every CLI command is given, and its shape (commands.ts lists them all). */
export interface CliContext {
  services: Services;
  print(line: string): void;
  /** The configuration the CLI runs with (commands that talk to a running server read its URL). */
  env?: Env;
}

export interface CliCommand {
  usage: string;
  description: string;
  run(args: string[], context: CliContext): Promise<void>;
}

export class CliUsageError extends Error {}
