import { randomBytes } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import {
  enabledProviderOrigins,
  findProvider,
  findProviderGame,
  insertProviderSession,
  listProviderGames,
  listProviders,
  pauseProvider,
  playerProviderRounds,
  providerConservationProblems,
  providerDailyTotals,
  providerReconciliation,
  resumeProvider,
  upsertProvider,
  upsertProviderGame,
  type ProviderGameRow,
  type ProviderRow,
} from '../../../../db/repositories/providers.repo.js';
import { DomainError } from '../errors.js';
import { auditSnapshot, recordStaffAction, withStaffAudit, type StaffActor } from '../staff/audit-log.js';
import { formatAmount, type Currency } from '../wallet/amounts.js';
import {
  providerGameInputSchema,
  providerInputSchema,
  type ProviderGameUpdate,
  type ProviderImport,
  type ProviderUpdate,
} from './providers.schemas.js';

/** How long a launch's session token lets the provider take bets (wins and rollbacks are accepted after it). */
export const PROVIDER_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** How long a server process trusts its copy of the framable origins (another process may have changed them). */
const ORIGINS_TTL_MS = 10_000;

export interface ProviderView {
  id: string;
  name: string;
  origin: string;
  launchUrlTemplate: string;
  enabled: boolean;
  /** The secret is never shown back: its last four characters help tell keys apart. */
  secretHint: string;
  games: number;
  /** When the payout breaker (or an operator) paused it for new bets, and why; null while it takes bets. */
  pausedAt: string | null;
  pausedReason: string | null;
}

/** A game as the lobby and the console see it: its provider's switch is applied server-side, not shown. */
export type ProviderGameView = Omit<ProviderGameRow, 'providerEnabled'>;

const gameView = ({ providerEnabled: _providerEnabled, ...game }: ProviderGameRow): ProviderGameView => game;

/** A template filled with placeholders must land on the provider's own origin, which the CSP lets the page frame. */
function checkTemplate(template: string, origin: string): void {
  let landed: string;
  try {
    landed = new URL(template.replace(/\{[a-zA-Z]+\}/g, 'x')).origin;
  } catch {
    throw new DomainError('BAD_REQUEST', 'The launch URL template is not a URL', { code: 'BAD_REQUEST' });
  }
  if (landed !== origin)
    throw new DomainError('BAD_REQUEST', `The launch URL must be on the provider's origin ${origin}`, {
      code: 'BAD_REQUEST',
    });
}

/**
 * Providers and their games: configuration (admin console, CLI, JSON import), the lobby's list, the launch (a session
 * token and the filled launch URL), the origins the CSP lets the launch page frame, and the operations view.
 */
export class ProvidersService {
  private origins: { frames: string[]; thumbnails: string[]; at: number } | undefined;
  private refreshing: Promise<unknown> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      publicUrl: string; /** The responsible-gaming refusal (self-exclusion), with its wording. */
      assertCanPlay(userId: number): Promise<void>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async providers(): Promise<ProviderView[]> {
    const [providers, games] = await Promise.all([listProviders(this.deps.db), listProviderGames(this.deps.db)]);
    return providers.map((p) => ({
      id: p.id,
      name: p.name,
      origin: p.origin,
      launchUrlTemplate: p.launchUrlTemplate,
      enabled: p.enabled,
      secretHint: `…${p.secret.slice(-4)}`,
      games: games.filter((game) => game.providerId === p.id).length,
      pausedAt: p.pausedAt?.toISOString() ?? null,
      pausedReason: p.pausedReason,
    }));
  }

  async games(filter: { providerId?: string } = {}): Promise<ProviderGameView[]> {
    return (await listProviderGames(this.deps.db, filter)).map(gameView);
  }

  /** Creates a provider, or edits one (fields left out keep their values; a new one needs every field). */
  /*
   * Configuration changes by staff (console or CLI): each change and its staff audit line (`audit`: who, from where;
   * the row before and after, secrets left out) commit in one transaction.
   */

  async saveProvider(input: ProviderUpdate, audit: StaffActor): Promise<ProviderView> {
    const existing = await findProvider(this.deps.db, input.id);
    const merged = providerInputSchema.safeParse({
      ...(existing
        ? {
            id: existing.id,
            name: existing.name,
            secret: existing.secret,
            origin: existing.origin,
            launchUrlTemplate: existing.launchUrlTemplate,
            enabled: existing.enabled,
          }
        : {}),
      ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    });
    if (!merged.success)
      throw new DomainError(
        'BAD_REQUEST',
        `A new provider needs ${merged.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
        { code: 'BAD_REQUEST' },
      );
    checkTemplate(merged.data.launchUrlTemplate, merged.data.origin);
    const key = { id: input.id };
    await withStaffAudit(this.deps.db, audit, async (trx) => {
      const before = await auditSnapshot(trx, 'providers', key);
      await upsertProvider(trx, merged.data);
      const after = await auditSnapshot(trx, 'providers', key);
      return {
        result: undefined,
        action: { action: 'provider.save', target: { type: 'provider', id: input.id }, before, after },
      };
    });
    await this.readOrigins();
    return (await this.providers()).find((p) => p.id === input.id)!;
  }

  async saveGame(input: ProviderGameUpdate, audit: StaffActor): Promise<ProviderGameView> {
    const provider = await findProvider(this.deps.db, input.providerId);
    if (!provider) throw new DomainError('NOT_FOUND', `No provider "${input.providerId}"`, { code: 'NOT_FOUND' });
    const existing = await findProviderGame(this.deps.db, input.providerId, input.gameId);
    const merged = providerGameInputSchema.safeParse({
      ...(existing
        ? {
            providerId: existing.providerId,
            gameId: existing.gameId,
            name: existing.name,
            category: existing.category,
            rtp: existing.rtp,
            maxMultiplier: existing.maxMultiplier,
            thumbnailUrl: existing.thumbnailUrl,
            launchUrlTemplate: existing.launchUrlTemplate,
            enabled: existing.enabled,
          }
        : {}),
      ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    });
    if (!merged.success)
      throw new DomainError(
        'BAD_REQUEST',
        `A new game needs ${merged.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
        { code: 'BAD_REQUEST' },
      );
    if (merged.data.launchUrlTemplate) checkTemplate(merged.data.launchUrlTemplate, provider.origin);
    const key = { provider_id: input.providerId, game_id: input.gameId };
    await withStaffAudit(this.deps.db, audit, async (trx) => {
      const before = await auditSnapshot(trx, 'provider_games', key);
      await upsertProviderGame(trx, merged.data);
      const after = await auditSnapshot(trx, 'provider_games', key);
      return {
        result: undefined,
        action: {
          action: 'provider.saveGame',
          target: { type: 'provider-game', id: `${input.providerId}/${input.gameId}` },
          before,
          after,
        },
      };
    });
    await this.readOrigins();
    return gameView((await findProviderGame(this.deps.db, input.providerId, input.gameId))!);
  }

  /** The JSON import: every provider and game created or updated, all or nothing. */
  async importConfig(file: ProviderImport, audit: StaffActor): Promise<{ providers: number; games: number }> {
    for (const provider of file.providers) {
      checkTemplate(provider.launchUrlTemplate, provider.origin);
      for (const game of provider.games)
        if (game.launchUrlTemplate) checkTemplate(game.launchUrlTemplate, provider.origin);
    }
    let games = 0;
    await withStaffAudit(this.deps.db, audit, async (trx) => {
      for (const { games: list, ...provider } of file.providers) {
        await upsertProvider(trx, provider);
        for (const game of list) await upsertProviderGame(trx, { ...game, providerId: provider.id });
        games += list.length;
      }
      // What was imported, secrets left out: the ids of the providers and their games.
      const imported = file.providers.map((provider) => ({
        id: provider.id,
        games: provider.games.map((game) => game.gameId),
      }));
      return {
        result: undefined,
        action: {
          action: 'provider.import',
          target: { type: 'provider', id: null },
          before: null,
          after: { imported },
        },
      };
    });
    await this.readOrigins();
    return { providers: file.providers.length, games };
  }

  /** Playable games for the lobby's category pages. */
  async catalogue(category?: string): Promise<ProviderGameView[]> {
    return (await listProviderGames(this.deps.db, { category, playable: true })).map(gameView);
  }

  /** A new session token for this player and game, and the provider's URL to frame (its template filled in). */
  async launch(userId: number, input: { provider: string; gameId: string; currency: Currency; language: string }) {
    const game = await findProviderGame(this.deps.db, input.provider, input.gameId);
    if (!game || !game.enabled || !game.providerEnabled)
      throw new DomainError('NOT_FOUND', 'This game is not available', { code: 'NOT_FOUND' });
    // The wallet refuses their bets anyway; a self-excluded player is told so before a game opens.
    await this.deps.assertCanPlay(userId);
    const provider = (await findProvider(this.deps.db, input.provider))!;
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + PROVIDER_SESSION_TTL_MS);
    await insertProviderSession(this.deps.db, {
      token,
      providerId: provider.id,
      gameId: game.gameId,
      userId,
      currency: input.currency,
      expiresAt,
    });
    const returnUrl = new URL(`/casino/${game.category}`, this.deps.publicUrl).toString();
    const values: Record<string, string> = {
      token,
      gameId: game.gameId,
      currency: input.currency,
      language: input.language,
      returnUrl,
      playerId: String(userId),
    };
    const url = (game.launchUrlTemplate ?? provider.launchUrlTemplate).replace(
      /\{([a-zA-Z]+)\}/g,
      (whole, name: string) => (Object.hasOwn(values, name) ? encodeURIComponent(values[name]!) : whole),
    );
    return { url, origin: provider.origin, expiresAt: expiresAt.toISOString(), game: gameView(game) };
  }

  /** The origins the launch page may frame, from this process's copy (kept fresh by ensureOrigins). */
  frameOrigins(): string[] {
    return this.origins?.frames ?? [];
  }

  /** Where the enabled games' thumbnails are served from (the CSP's img-src). */
  thumbnailOrigins(): string[] {
    return this.origins?.thumbnails ?? [];
  }

  /**
   * Keeps this process's copy of the origins at most a few seconds old. Only the first page after boot waits for the
   * read; later a stale copy is used while it is re-read, so pages never wait on the database (an unreachable one
   * costs no page its connect timeout more than once per ORIGINS_TTL_MS).
   */
  async ensureOrigins(): Promise<void> {
    if (this.origins && Date.now() - this.origins.at < ORIGINS_TTL_MS) return;
    const refreshed = this.refreshOrigins();
    if (this.origins) {
      refreshed.catch(() => undefined);
      return;
    }
    await refreshed;
  }

  /** One read at a time for page loads. */
  private refreshOrigins(): Promise<unknown> {
    this.refreshing ??= this.readOrigins().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Reads the origins now (a configuration change reads them after its write, never sharing an earlier read). */
  private async readOrigins(): Promise<void> {
    try {
      this.origins = { ...(await enabledProviderOrigins(this.deps.db)), at: Date.now() };
    } catch (error) {
      // Tried now: the next try waits its turn; the copy stays what it was (empty before the first read).
      this.origins = { frames: this.origins?.frames ?? [], thumbnails: this.origins?.thumbnails ?? [], at: Date.now() };
      throw error;
    }
  }

  /**
   * The player's provider rounds for My bets, newest first: stake, win and what was rolled back (the statement shows
   * the same money as single movements). `state`: rolled back when any of its stake was given back, else won or lost
   * by its wins so far (a provider may still send a win).
   */
  async playerRounds(userId: number, page: { limit: number; cursor?: string }) {
    const rows = await playerProviderRounds(this.deps.db, userId, { limit: page.limit, before: page.cursor });
    return {
      rounds: rows.map((row) => ({
        id: row.id,
        providerId: row.providerId,
        providerName: row.providerName,
        gameId: row.gameId,
        gameName: row.gameName ?? row.gameId,
        roundId: row.roundId,
        currency: row.currency,
        stake: formatAmount(row.staked),
        win: formatAmount(row.won),
        rolledBack: formatAmount(row.rolledBack),
        state: row.rolledBack > 0n ? ('rolled back' as const) : row.won > 0n ? ('won' as const) : ('lost' as const),
        createdAt: row.startedAt.toISOString(),
      })),
      nextCursor: rows.length === page.limit ? rows[rows.length - 1]!.id : null,
    };
  }

  /** Bets, wins, rollbacks and GGR (bets - wins - rollbacks) per day, provider and currency. */
  async daily(days: number) {
    const since = new Date(
      Date.UTC(this.now().getUTCFullYear(), this.now().getUTCMonth(), this.now().getUTCDate() - days + 1),
    );
    const rows = await providerDailyTotals(this.deps.db, since);
    return rows.map((row) => ({
      day: row.day,
      providerId: row.providerId,
      currency: row.currency,
      bets: formatAmount(row.bets),
      betCount: row.betCount,
      wins: formatAmount(row.wins),
      rollbacks: formatAmount(row.rollbacks),
      ggr: formatSigned(row.bets - row.wins - row.rollbacks),
    }));
  }

  /**
   * Provider transactions against the ledger's provider postings, and the rounds that break conservation (paid past
   * their game's maximum, or in another currency than staked); `ok` when every line agrees and no round breaks.
   */
  async reconciliation() {
    const [rows, problems] = await Promise.all([
      providerReconciliation(this.deps.db),
      providerConservationProblems(this.deps.db, 100),
    ]);
    const lines = rows.map((row) => ({
      providerId: row.providerId,
      currency: row.currency,
      kind: row.kind,
      recorded: formatAmount(row.recorded),
      ledger: formatSigned(row.ledger),
      matches: row.recorded === row.ledger,
    }));
    return { ok: lines.every((line) => line.matches) && problems.length === 0, lines, problems };
  }

  /** Pauses a provider for new bets (the breaker does it by itself); false when it was paused already. */
  async pause(id: string, reason: string, audit: StaffActor): Promise<boolean> {
    if (!(await findProvider(this.deps.db, id)))
      throw new DomainError('NOT_FOUND', `No provider "${id}"`, { code: 'NOT_FOUND' });
    return this.pausing(id, audit, 'provider.pause', (trx) => pauseProvider(trx, id, reason.slice(0, 500)));
  }

  /** Lets a paused provider take bets again; false when it was not paused. */
  async resume(id: string, audit: StaffActor): Promise<boolean> {
    if (!(await findProvider(this.deps.db, id)))
      throw new DomainError('NOT_FOUND', `No provider "${id}"`, { code: 'NOT_FOUND' });
    return this.pausing(id, audit, 'provider.resume', (trx) => resumeProvider(trx, id));
  }

  /** A pause or resume with its audit line; a call that changed nothing (already so) writes none. */
  private async pausing(
    id: string,
    audit: StaffActor,
    action: string,
    change: (trx: Db) => Promise<boolean>,
  ): Promise<boolean> {
    const key = { id };
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await auditSnapshot(trx, 'providers', key);
      const changed = await change(trx);
      if (changed)
        await recordStaffAction(trx, audit, {
          action,
          target: { type: 'provider', id },
          before,
          after: await auditSnapshot(trx, 'providers', key),
        });
      return changed;
    });
  }

  async provider(id: string): Promise<ProviderRow | undefined> {
    return findProvider(this.deps.db, id);
  }
}

function formatSigned(value: bigint): string {
  return value < 0n ? `-${formatAmount(-value)}` : formatAmount(value);
}
