import { gameMetaBySlug } from '../domain/games/registry.js';
import { LobbyService } from '../domain/lobby/lobby.service.js';
import type { Infrastructure } from '../infrastructure.js';

/** The casino lobby's shelves and favourites; a slug counts when the games registry knows it. */
export function createLobby({ db }: Infrastructure): LobbyService {
  return new LobbyService({ db, isGame: (slug) => gameMetaBySlug(slug) !== undefined });
}
