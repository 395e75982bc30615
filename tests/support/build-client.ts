import { execFileSync } from 'node:child_process';

/**
 * Browser tests run against the production build, built once per run. Vitest sets NODE_ENV=test, which a child
 * build would inherit: Vite then resolves packages' development builds (lightweight-charts ships one), and the first
 * screen is no longer what users get. The build gets NODE_ENV=production, as `npm run build` has.
 */
export default function buildClient(): void {
  if (process.env.SKIP_CLIENT_BUILD === '1') return;
  execFileSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
