import type { Icon } from '@tabler/icons-react';
import type { RouteComponent } from '@tanstack/react-router';
import type { GameLines } from '../bets/game-directory';

/** A game's entry in the client registry (games/<slug>/<slug>.entry.ts, listed by games/registry.ts). */
export interface ClientGame extends GameLines {
  icon: Icon;
  /** The game's page at /casino/<slug>: a dynamic import(), fetched when it is shown. */
  page: RouteComponent;
}

/** An outcome's array as the bet lines list it: "3, 17, 22". */
export const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
