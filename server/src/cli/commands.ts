import { ROLES, roleSchema } from '../domain/auth/auth.schemas.js';
import { CliUsageError, type CliCommand, type CliContext } from './cli-command.js';
import { walletCommands } from './wallet.commands.js';
import { chatCommands } from './chat.commands.js';
import { tokenCommands } from './token.commands.js';
import { raffleCommands } from './raffle.commands.js';
import { roundsCommands } from './rounds.commands.js';
import { providersCommands } from './providers.commands.js';
import { chainCommands } from './chain.commands.js';
import { promotionsCommands } from './promotions.commands.js';

// The command shape lives in cli-command.ts so the areas' command files need not import this list back.
export { CliUsageError, type CliCommand, type CliContext } from './cli-command.js';

/** Every `npm run cli -- <command> ...`; areas add their commands to this map. */
export const commands: Record<string, CliCommand> = {
  'user:role': {
    usage: 'user:role <loginName> <user|admin|finance|support|risk|moderator>',
    description: "Sets a user's role",
    async run(args, { services, print }) {
      const [loginName, roleArg] = args;
      if (!loginName || !roleArg || args.length !== 2) throw new CliUsageError('expected a login name and a role');
      const role = roleSchema.safeParse(roleArg);
      if (!role.success) throw new CliUsageError(`unknown role "${roleArg}" (${ROLES.join(', ')})`);
      // Through the back office, so the change is in the staff audit log like one made in the console.
      const user = await services.backOffice.staff.setRole({ id: null, role: 'cli' }, { loginName }, role.data);
      print(`${user.loginName} (id ${user.id}) is now ${user.role}`);
    },
  },
  'reports:rebuild': {
    usage: 'reports:rebuild [fromDay] [toDay]',
    description: 'Rewrites the report aggregates day by day (default: from the first activity to today, UTC)',
    async run(args, { services, print }) {
      const [from, to] = args;
      for (const day of [from, to]) {
        if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
          throw new CliUsageError(`"${day}" is not a day (YYYY-MM-DD)`);
      }
      const started = performance.now();
      const days = await services.backOffice.reports.rebuild(new Date(), from, to);
      print(`rebuilt ${days} day(s) of report aggregates in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  },
  ...walletCommands,
  ...chatCommands,
  ...tokenCommands,
  ...raffleCommands,
  ...roundsCommands,
  ...providersCommands,
  ...chainCommands,
  ...promotionsCommands,
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
