import type { Services } from '../composition/index.js';
import { roleSchema } from '../domain/auth/auth.schemas.js';
import type { Env } from '../env.js';
import { walletCommands } from './wallet.commands.js';
import { chatCommands } from './chat.commands.js';
import { tokenCommands } from './token.commands.js';
import { raffleCommands } from './raffle.commands.js';
import { roundsCommands } from './rounds.commands.js';
import { providersCommands } from './providers.commands.js';
import { chainCommands } from './chain.commands.js';

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

/** Every `npm run cli -- <command> ...`; areas add their commands to this map. */
export const commands: Record<string, CliCommand> = {
  'user:role': {
    usage: 'user:role <loginName> <user|moderator|admin>',
    description: "Sets a user's role",
    async run(args, { services, print }) {
      const [loginName, roleArg] = args;
      if (!loginName || !roleArg || args.length !== 2) throw new CliUsageError('expected a login name and a role');
      const role = roleSchema.safeParse(roleArg);
      if (!role.success) throw new CliUsageError(`unknown role "${roleArg}" (user, moderator or admin)`);
      const user = await services.auth.accounts.setRole(loginName, role.data);
      print(`${user.loginName} (id ${user.id}) is now ${user.role}`);
    },
  },
  ...walletCommands,
  ...chatCommands,
  ...tokenCommands,
  ...raffleCommands,
  ...roundsCommands,
  ...providersCommands,
  ...chainCommands,
};

export function usage(): string {
  const lines = Object.values(commands).map((command) => `  ${command.usage.padEnd(48)} ${command.description}`);
  return ['Usage: npm run cli -- <command> [arguments]', '', 'Commands:', ...lines].join('\n');
}

/** Looks the command up and runs it; unknown commands and bad arguments are usage errors. */
export async function dispatch(argv: string[], context: CliContext): Promise<void> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) throw new CliUsageError(name ? `unknown command "${name}"` : 'no command given');
  try {
    await command.run(args, context);
  } catch (error) {
    if (error instanceof CliUsageError)
      throw new CliUsageError(`${error.message}\nUsage: npm run cli -- ${command.usage}`);
    throw error;
  }
}
