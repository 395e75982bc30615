import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  betIdSchema,
  originalsMeta,
  stakeFields,
  type MultiStepGame,
} from '../../server/src/domain/games/game-module.js';
import { ratio } from '../../server/src/domain/games/shared/ratio.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { expectLegacyError, http, type signedInAccount } from '../support/auth.js';
import { minesBoard } from '../support/mines.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundedAccount, trpc, PLAYING_TEST_ENV } from '../support/wallet.js';

const toyInput = z.object({ ...stakeFields });
/**
 * A toy multi-step game defined here only, handed to the engine directly (it is not registered): each `raise` takes
 * the opening stake again, as blackjack's double and split will; cash-out returns everything staked.
 */
const RAISING_GAME = {
  ...originalsMeta('raise-toy', 'Raise toy', 'test only'),
  kind: 'multi-step',
  input: toyInput,
  wager: (input: z.output<typeof toyInput>) => ({ amount: input.amount, params: { opening: input.amount.toString() } }),
  paramsError: () => null,
  start: () => ({ state: { raises: 0 }, status: 'open', multiplier: ratio(1n) }),
  actions: {
    raise: {
      input: z.object({ betId: betIdSchema }),
      apply: ({ state, params }) => ({
        state: { raises: state.raises + 1 },
        status: 'open',
        multiplier: ratio(1n),
        raise: BigInt(params.opening),
      }),
    },
  },
  cashout: ({ state }) => ({ state, status: 'won', multiplier: ratio(1n) }),
  visible: (state) => ({ ...state }),
} satisfies MultiStepGame<typeof toyInput, { opening: string }, { raises: number }>;

/** Games as modules (issue 25): what the registry gives every game, and what the database no longer needs. */
describe('game modules: registry-built routes, one settlement per round, slugs without migrations', () => {
  const suite = platformSuite(PLAYING_TEST_ENV);
  const services = () => suite.platform.platform.services;
  const db = () => suite.platform.platform.infra.db;
  type Player = Awaited<ReturnType<typeof signedInAccount>>;
  const post = (player: Player, path: string, body: unknown) =>
    http(suite.platform.url, 'POST', path, body, { token: player.token });
  const funded = (amount: string) => fundedAccount(suite.platform, amount);
  const safeTiles = async (player: Player, nonce: number, mines: number) => {
    const board = await minesBoard(db(), player.user.id, nonce, mines);
    return Array.from({ length: 25 }, (_, i) => i).filter((t) => !board.includes(t));
  };
  const payoutsOf = async (betId: string) =>
    (
      await sql<{
        n: string;
      }>`select count(*)::text as n from ledger_transactions where idempotency_key like ${`bet:${betId}:payout%`}`.execute(
        db(),
      )
    ).rows[0]!.n;

  it('a multi-step game answers POST /bets/:id/actions with { action, ...fields } like its own action path; an unknown action is a 400 that changes nothing', async () => {
    const player = await funded('5');
    const started = await post(player, '/api/games/mines/bets', { amount: 1, mines: 3 });
    const safe = await safeTiles(player, started.body.fairness.nonce, 3);
    const stepped = await post(player, `/api/games/mines/bets/${started.body.id}/actions`, {
      action: 'reveal',
      tile: safe[0],
    });
    expect(stepped.status).toBe(200);
    expect(stepped.body).toMatchObject({ id: started.body.id, state: 'open', outcome: { revealed: [safe[0]] } });
    for (const action of ['explode', 'cashout', '__proto__', 'toString', 7]) {
      expectLegacyError(
        await post(player, `/api/games/mines/bets/${started.body.id}/actions`, { action, tile: safe[1] }),
        400,
        /action must be one of: reveal/,
      );
    }
    expectLegacyError(
      await post(player, `/api/games/mines/bets/${started.body.id}/actions`, { action: 'reveal', tile: 25 }),
      400,
      /tile must be 0 to 24/,
    );
    const active = (await trpc(suite.platform, 'query', 'games.mines.active', undefined, player.token)).body.result
      .data;
    expect(active.outcome.revealed).toEqual([safe[0]]);
    // Instant games have no round routes.
    expect((await post(player, `/api/games/dice/bets/${started.body.id}/cashout`, {})).status).toBe(404);
  });

  it('parallel cash-outs and reveals of one round settle it once: one payout, every other call sees the round over', async () => {
    const player = await funded('5');
    const started = await post(player, '/api/games/mines/bets', { amount: 1, mines: 2 });
    const safe = await safeTiles(player, started.body.fairness.nonce, 2);
    await post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[0] });
    const calls = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? post(player, `/api/games/mines/bets/${started.body.id}/cashout`, {})
          : post(player, `/api/games/mines/bets/${started.body.id}/reveal`, { tile: safe[1 + i] }),
      ),
    );
    const won = calls.filter((c) => c.status === 200 && c.body.state === 'won');
    expect(won).toHaveLength(1);
    // Reveals that came before the cash-out moved the round on; everything after it was refused.
    for (const call of calls.filter((c) => c.status !== 200)) expect(call.body.code).toBe('ROUND_OVER');
    expect(await payoutsOf(started.body.id)).toBe('1');
    const payout = BigInt(Math.round(won[0]!.body.payout * 1e8));
    expect((await services().wallet.ledger.balances(player.user.id)).USD).toBe(
      5n * 100_000_000n - 100_000_000n + payout,
    );
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('a step may raise the stake (double, split, insurance): one more stake posting, the bet amount grows, the payout is on the total; a raise the balance cannot cover changes nothing', async () => {
    const player = await funded('3.5');
    const who = { id: player.user.id, username: player.user.publicUsername as string };
    const bets = services().games.engine;
    const started = await bets.startRound(who, RAISING_GAME, { amount: parseAmount('1'), currency: 'USD' });
    expect(started.balance).toBe('2.5');
    const raised = await bets.act(player.user.id, RAISING_GAME, 'raise', { betId: started.bet.id });
    expect(raised.bet).toMatchObject({ amount: '2', state: 'open', outcome: { raises: 1 } });
    expect(raised.balance).toBe('1.5');
    expect((await bets.act(player.user.id, RAISING_GAME, 'raise', { betId: started.bet.id })).bet.amount).toBe('3');
    // 0.5 left: the third raise is refused and the round is as it was.
    await expect(bets.act(player.user.id, RAISING_GAME, 'raise', { betId: started.bet.id })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    const round = await db()
      .selectFrom('bets')
      .select(['amount_e8', 'outcome', 'state'])
      .where('id', '=', started.bet.id)
      .executeTakeFirstOrThrow();
    expect(round).toEqual({ amount_e8: '300000000', outcome: { raises: 2 }, state: 'open' });
    const cashed = await bets.cashout(player.user.id, RAISING_GAME, started.bet.id);
    expect(cashed.bet).toMatchObject({ state: 'won', amount: '3', payout: '3', multiplier: '1.0000' });
    expect(cashed.balance).toBe('3.5');
    const stakes = await sql<{
      n: string;
    }>`select count(*)::text as n from ledger_transactions where idempotency_key like ${`bet:${started.bet.id}:stake%`}`.execute(
      db(),
    );
    expect(stakes.rows[0]!.n).toBe('3');
    expect(await services().wallet.ledger.check()).toEqual([]);
  });

  it('the database takes any well-formed slug (a new game needs no migration) and refuses a malformed one; a bet of an unregistered slug still reads back', async () => {
    const player = await funded('1');
    await trpc(suite.platform, 'query', 'fairness.current', undefined, player.token);
    const pair = await db()
      .selectFrom('seed_pairs')
      .select(['id'])
      .where('user_id', '=', player.user.id)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const insert = (game: string, nonce: number) =>
      sql<{ id: string }>`
      insert into bets (user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome, seed_pair_id, nonce, settled_at)
      values (${player.user.id}, ${game}, 'USD', 100000000, 0, '0.0000', 'lost', '{}', '{"pocket":3}', ${pair.id}, ${nonce}, now())
      returning id::text as id`.execute(db());
    const roulette = (await insert('roulette', 1000)).rows[0]!.id;
    await expect(insert('Roulette!', 1001)).rejects.toThrow(/bets_game_slug/);
    await expect(insert('', 1002)).rejects.toThrow(/bets_game_slug/);
    const details = await http(suite.platform.url, 'GET', `/api/bets/${roulette}`, undefined, {});
    expect(details.body).toMatchObject({ id: roulette, game: 'roulette', state: 'lost', outcome: { pocket: 3 } });
  });
});
