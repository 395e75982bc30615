import { execFileSync } from 'node:child_process';

/** Browser tests run against the production build, built once per run. */
export default function buildClient(): void {
  if (process.env.SKIP_CLIENT_BUILD === '1') return;
  execFileSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
}
