import { IconCircleDot } from '@tabler/icons-react';
import { lazyRouteComponent } from '@tanstack/react-router';
import { list, type ClientGame } from '../client-game';

/** Plinko's entry in the client registry (features/games/registry.ts): name, icon, lazily loaded page, bet lines. */
export const plinko = {
  name: 'Plinko',
  icon: IconCircleDot,
  page: lazyRouteComponent(() => import('./PlinkoGame'), 'PlinkoGame'),
  summary: (o) => `Bucket ${String(o.bucket)} of ${Number(o.rows) + 1} (${String(o.rows)} rows, ${String(o.risk)})`,
  detail: (o) => `Path (0 left, 1 right): ${list(o.path)}`,
} satisfies ClientGame;
