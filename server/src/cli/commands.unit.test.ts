import { describe, expect, it } from 'vitest';
import type { Services } from '../composition/index.js';
import { CliUsageError, commands, dispatch, usage } from './commands.js';

/** A stand-in for the one service method the command calls; it records what it was asked. */
function servicesRecording(calls: unknown[]): Services {
  return {
    backOffice: {
      staff: {
        setRole: async (actor: unknown, who: { loginName: string }, role: string) => {
          calls.push([actor, who.loginName, role]);
          return { id: 3, loginName: who.loginName, role };
        },
      },
    },
  } as unknown as Services;
}

describe('cli dispatcher', () => {
  it('runs user:role with a valid role and prints the result', async () => {
    const calls: unknown[] = [];
    const lines: string[] = [];
    await dispatch(['user:role', 'bob', 'admin'], { services: servicesRecording(calls), print: (l) => lines.push(l) });
    // The operator at the CLI is the audit log's actor.
    expect(calls).toEqual([[{ id: null, role: 'cli' }, 'bob', 'admin']]);
    expect(lines).toEqual(['bob (id 3) is now admin']);
  });

  it('refuses unknown commands, unknown roles and wrong arity without calling anything', async () => {
    const calls: unknown[] = [];
    const context = { services: servicesRecording(calls), print: () => undefined };
    await expect(dispatch(['user:nope'], context)).rejects.toThrow(CliUsageError);
    await expect(dispatch([], context)).rejects.toThrow('no command given');
    await expect(dispatch(['user:role', 'bob', 'king'], context)).rejects.toThrow(
      /unknown role "king"[\s\S]*Usage: npm run cli -- user:role/,
    );
    await expect(dispatch(['user:role', 'bob'], context)).rejects.toThrow(CliUsageError);
    expect(calls).toEqual([]);
  });

  it('lists every command in the usage text', () => {
    for (const command of Object.values(commands)) expect(usage()).toContain(command.usage);
  });
});
