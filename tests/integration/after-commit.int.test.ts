import { describe, expect, it } from 'vitest';
import { EventOutbox } from '../../server/src/domain/events/event-outbox.js';
import { PlatformEvents } from '../../server/src/domain/events/platform-events.js';
import { BetEngine } from '../../server/src/domain/games/engine/bet-engine.js';
import { DICE_GAME } from '../../server/src/domain/games/dice/dice.game.js';
import { formatAmount, parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { LedgerService } from '../../server/src/domain/wallet/ledger.service.js';
import { signedInAccount } from '../support/auth.js';
import { platformSuite } from '../support/platform-suite.js';
import { TEST_ENGINE_LIMITS } from '../support/game-checks.js';
import { fundPlayer, PLAYING_TEST_ENV } from '../support/wallet.js';

/**
 * What a bet's answer waits for once its transaction has committed: the accruals, not Redis. Its balance-update (in
 * the outbox) and its game result and feed events are published after the answer; a shutdown drains them.
 */
describe('after commit: a bet answers without waiting for its events', () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;

  it('with every publish hung, the bet answers, its balance-update waits in the outbox, and drain waits for the publishes', async () => {
    const player = await signedInAccount(suite.platform);
    await fundPlayer(suite.platform, player.token, '10');
    // Redis as seen from this engine: every publish hangs until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const published: string[] = [];
    const hung = (what: string) => async () => {
      await released;
      published.push(what);
      return { id: '0-1', seq: 1 };
    };
    const outbox = new EventOutbox({
      db: db(),
      events: new PlatformEvents({ publish: (_channel, type) => hung(type)() }),
    });
    const ledger = new LedgerService({ db: db(), outbox });
    const engine = new BetEngine(
      {
        db: db(),
        ledger,
        fairness: services().games.fairness,
        assertCanPlay: async () => {},
        referrals: { referrerOf: async () => undefined, accrue: async () => undefined },
        events: { gameResult: hung('game-result'), bet: hung('bet') },
      },
      TEST_ENGINE_LIMITS,
    );

    const result = await engine.playInstant(
      { id: player.user.id, username: 'p' },
      DICE_GAME,
      DICE_GAME.input.parse({ amount: '1', target: 50, condition: 'over', currency: 'USD' }),
    );
    expect(published).toEqual([]);
    // Committed before the answer: the bet row and the balance it reports.
    const row = await db()
      .selectFrom('bets')
      .select(['id', 'user_id'])
      .where('id', '=', result.bet.id)
      .executeTakeFirstOrThrow();
    expect(result.balance).toBe(formatAmount(parseAmount('9') + parseAmount(result.bet.payout)));
    expect(row.user_id).toBe(player.user.id);
    const waiting = await db()
      .selectFrom('event_outbox')
      .select(['payload', 'published_at'])
      .where('coalesce_key', '=', `balance:${player.user.id}:USD`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ payload: { newBalance: result.balance }, published_at: null });

    let drained = false;
    const draining = outbox.drain().then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drained).toBe(false);
    release();
    await draining;
    expect(published.sort()).toEqual(['balance-update', 'bet', 'game-result']);
    // The drain also wrote the lingering mark.
    const marked = await db()
      .selectFrom('event_outbox')
      .select('published_at')
      .where('coalesce_key', '=', `balance:${player.user.id}:USD`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(marked.published_at).not.toBeNull();
  });
});
