import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../providers/reference/server.js';
import type { Services } from '../composition/index.js';
import type { Env } from '../env.js';
import { dispatch } from './commands.js';

/** The registry's two save calls, recorded; the rest of the services are not reached by this command. */
function registryRecording(saved: { origin?: string }[]): Services {
  const record = async (row: { origin?: string }) => {
    saved.push(row);
  };
  return { providers: { registry: { saveProvider: record, saveGame: record } } } as unknown as Services;
}

/** The VAR=value pairs before `npm run provider:reference` in a printed line. */
function startCommandEnv(line: string): Record<string, string> {
  const command = /start it with (.*) npm run provider:reference/.exec(line);
  if (!command) throw new Error(`no start command in: ${line}`);
  return Object.fromEntries(command[1]!.split(' ').map((pair) => pair.split('=') as [string, string]));
}

describe('providers:reference', () => {
  it('prints a start command that points the studio at this platform and the registered port', async () => {
    const lines: string[] = [];
    const saved: { origin?: string }[] = [];
    await dispatch(['providers:reference', 'http://localhost:4321', 'the-secret'], {
      services: registryRecording(saved),
      print: (line) => lines.push(line),
      env: { publicUrl: 'http://casino.example:5001' } as Env,
    });
    expect(saved[0]?.origin).toBe('http://localhost:4321');
    const env = startCommandEnv(lines.join('\n'));
    expect(env).toEqual({
      PLATFORM_URL: 'http://casino.example:5001',
      REFERENCE_PROVIDER_PORT: '4321',
      REFERENCE_PROVIDER_SECRET: 'the-secret',
    });
    // Run as printed, the studio calls this platform's wallet on the port it was registered at.
    const config = configFromEnv(env);
    expect(config).toMatchObject({ platformUrl: 'http://casino.example:5001', port: 4321, secret: 'the-secret' });
  });

  it('with no URL given, the studio port is the default 4100 and the studio default platform is 5001', async () => {
    const lines: string[] = [];
    await dispatch(['providers:reference'], { services: registryRecording([]), print: (line) => lines.push(line) });
    const env = startCommandEnv(lines.join('\n'));
    expect(env.PLATFORM_URL).toBe('http://localhost:5001');
    expect(env.REFERENCE_PROVIDER_PORT).toBe('4100');
    expect(env.REFERENCE_PROVIDER_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(configFromEnv({ REFERENCE_PROVIDER_SECRET: 'x' }).platformUrl).toBe('http://localhost:5001');
  });
});
