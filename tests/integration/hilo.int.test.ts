import { describe, expect, it } from 'vitest';
import {
  guessWins,
  HILO_GUESSES,
  hiloChoices,
  hiloRank,
  type HiloGuess,
} from '../../server/src/domain/games/hilo/rules.js';
import { cardFromFloat } from '../../server/src/domain/games/shared/cards.js';
import { expectLegacyError } from '../support/auth.js';
import { betEconomy, creditBzu, payoutCount, raffleStanding } from '../support/game-checks.js';
import { activeFloats } from '../support/round-floats.js';
import { gameSuite, type Player } from '../support/game-suite.js';
import { TestSocket } from '../support/socket-client.js';
import { fundedAccount, trpc } from '../support/wallet.js';

const E8 = 100_000_000n;
const units = (value: number | string) => BigInt(Math.round(Number(value) * 1e8));

/** Hilo over REST and tRPC (API.md "Table games"), with the profit limit lowered to 5 USD so a round can reach it. */
describe('hilo: a multi-step card round', () => {
  const { platform, services, db, post, get, balance, expectLedgerOk, counts } = gameSuite({
    GAME_MIN_BET_USD: '0.01',
    GAME_MAX_PROFIT_USD: '5',
  });
  /** The cards of a round, from its floats: card i is float i. */
  const cardsOf = async (player: Player, nonce: number) =>
    (await activeFloats(db(), player.user.id, nonce, 52)).map(cardFromFloat);
  /** The guess offered on `card` that the next card makes correct (one of the two always is). */
  const winningGuess = (card: number, next: number): HiloGuess =>
    hiloChoices(card).find((g) => guessWins(hiloRank(card), g, hiloRank(next)))!;
  /**
   * A correct guess, then the cash-out: a long shot (a "same" at 12.87x) can reach the profit limit on the guess itself,
   * which cashes the round out at once (capped), so there is nothing left to cash out.
   */
  const guessThenCashOut = async (player: Player, betId: string, guess: HiloGuess) => {
    const guessed = (await post(player, `/api/games/hilo/bets/${betId}/${guess}`, {})).body;
    return guessed.state === 'open' ? (await post(player, `/api/games/hilo/bets/${betId}/cashout`, {})).body : guessed;
  };
  /** How many of the 13 next ranks make `guess` on `card` correct. */
  const winningRanks = (card: number, guess: HiloGuess) => {
    const r = hiloRank(card);
    return r === 1 || r === 13 ? (guess === 'same' ? 1 : 12) : guess === 'higherOrSame' ? 14 - r : r;
  };
  /**
   * At 1 USD a guess winning on 2 ranks or fewer (6.435x and up) would reach the 5 USD profit limit and end the round
   * capped: skips such cards, from card `at` on, so the round stays open after the guess. Returns the card to guess on.
   */
  const skipLongShots = async (player: Player, betId: string, cards: number[], at: number) => {
    while (winningRanks(cards[at]!, winningGuess(cards[at]!, cards[at + 1]!)) <= 2) {
      expect((await post(player, `/api/games/hilo/bets/${betId}/actions`, { action: 'skip' })).body.state).toBe('open');
      at += 1;
    }
    return at;
  };
  const losingGuess = (card: number, next: number): HiloGuess | undefined =>
    hiloChoices(card).find((g) => !guessWins(hiloRank(card), g, hiloRank(next)));

  it('REST: start on f0, a guess not offered is 409 ACTION_NOT_ALLOWED, cash-out needs a correct guess, then pays floor(stake x multiplier)', async () => {
    const player = await fundedAccount(platform(), '10');
    const started = await post(player, '/api/games/hilo/bets', { amount: 1, clientBetId: 'hilo-1' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const cards = await cardsOf(player, started.body.fairness.nonce);
    expect(started.body).toMatchObject({
      game: 'hilo',
      state: 'open',
      amount: 1,
      outcome: { cards: [{ card: cards[0], multiplier: '1.0000' }], multiplier: '1.0000' },
    });
    const path = `/api/games/hilo/bets/${started.body.id}`;
    expectLegacyError(await post(player, `${path}/cashout`, {}), 400, /correct guess/);
    const notOffered = HILO_GUESSES.find((g) => !hiloChoices(cards[0]!).includes(g));
    expectLegacyError(
      await post(player, `${path}/actions`, { action: notOffered }),
      409,
      /you may guess/,
      'ACTION_NOT_ALLOWED',
    );

    const skipped = await post(player, `${path}/actions`, { action: 'skip' });
    expect(skipped.body).toMatchObject({
      state: 'open',
      outcome: {
        cards: [{ card: cards[0] }, { card: cards[1], guess: 'skip', multiplier: '1.0000' }],
        multiplier: '1.0000',
      },
    });
    const at = await skipLongShots(player, started.body.id, cards, 1);
    const guess = winningGuess(cards[at]!, cards[at + 1]!);
    const guessed = await post(player, `${path}/${guess}`, {});
    expect(guessed.status, JSON.stringify(guessed.body)).toBe(200);
    expect(guessed.body.state).toBe('open');
    const multiplier = guessed.body.outcome.multiplier as string;
    expect(Number(multiplier)).toBeGreaterThan(1);
    const cashed = await post(player, `${path}/cashout`, {});
    expect(cashed.body).toMatchObject({ state: 'won', multiplier: Number(multiplier) });
    // The payout is floor(1e8 x 0.99 x 13 / k) units: the exact fraction, not the 4-decimal display.
    const k = winningRanks(cards[at]!, guess);
    expect(units(cashed.body.payout)).toBe((E8 * 1287n) / (100n * BigInt(k)));
    expect(await balance(player)).toBe(10n * E8 - E8 + units(cashed.body.payout));
    expectLegacyError(await post(player, `${path}/skip`, {}), 409, /over/, 'ROUND_OVER');
    // A retry of the start with the same clientBetId answers the same bet.
    expect((await post(player, '/api/games/hilo/bets', { amount: 1, clientBetId: 'hilo-1' })).body.id).toBe(
      started.body.id,
    );
    await expectLedgerOk();
  });

  it('tRPC: start, resume through active, a wrong guess loses the stake', async () => {
    const player = await fundedAccount(platform(), '3');
    const started = (await trpc(platform(), 'mutation', 'games.hilo.start', { amount: '0.5' }, player.token)).body
      .result.data.bet;
    const cards = await cardsOf(player, started.fairness.nonce);
    const active = (await trpc(platform(), 'query', 'games.hilo.active', undefined, player.token)).body.result.data;
    expect(active).toMatchObject({ id: started.id, state: 'open', outcome: { cards: [{ card: cards[0] }] } });
    // Skip until a card on which one offered guess loses, then play it.
    let index = 0;
    while (!losingGuess(cards[index]!, cards[index + 1]!)) {
      await trpc(platform(), 'mutation', 'games.hilo.skip', { betId: started.id }, player.token);
      index += 1;
    }
    const lost = await trpc(
      platform(),
      'mutation',
      `games.hilo.${losingGuess(cards[index]!, cards[index + 1]!)}`,
      { betId: started.id },
      player.token,
    );
    expect(lost.body.result.data.bet).toMatchObject({ state: 'lost', payout: '0', outcome: { multiplier: '0.0000' } });
    expect(lost.body.result.data.bet.outcome.cards).toHaveLength(index + 2);
    expect(lost.body.result.data.balance).toBe('2.5');
    expect((await trpc(platform(), 'query', 'games.hilo.active', undefined, player.token)).body.result.data).toBeNull();
  });

  it('a round reaching the 5 USD profit limit is cashed out at once, paying exactly stake + 5 with capped: true', async () => {
    const player = await fundedAccount(platform(), '5');
    const started = await post(player, '/api/games/hilo/bets', { amount: 1 });
    const cards = await cardsOf(player, started.body.fairness.nonce);
    let bet = started.body;
    for (let i = 0; bet.state === 'open'; i += 1)
      bet = (await post(player, `/api/games/hilo/bets/${bet.id}/${winningGuess(cards[i]!, cards[i + 1]!)}`, {})).body;
    expect(bet).toMatchObject({ state: 'won', payout: 6, multiplier: 6, capped: true, outcome: { capped: true } });
    expect(await balance(player)).toBe(10n * E8);
    await expectLedgerOk();
  });

  it('bad input is a 400 that changes nothing; a self-excluded player gets 403', async () => {
    const player = await fundedAccount(platform(), '5');
    const open = await post(player, '/api/games/hilo/bets', { amount: 1 });
    const before = [await counts(), await balance(player)];
    const cases: [string, unknown, number][] = [
      ['/api/games/hilo/bets', { amount: -1 }, 400],
      ['/api/games/hilo/bets', { amount: 0.001 }, 400],
      ['/api/games/hilo/bets', { amount: 1, currency: 'EUR' }, 400],
      [`/api/games/hilo/bets/${open.body.id}/actions`, { action: 'double' }, 400],
      [`/api/games/hilo/bets/${open.body.id}/actions`, {}, 400],
      ['/api/games/hilo/bets/abc/skip', {}, 400],
      ['/api/games/hilo/bets/99999999999999999999/cashout', {}, 400],
      ['/api/games/hilo/bets/123456789/skip', {}, 404],
      ['/api/games/hilo/bets', { amount: 1 }, 409],
    ];
    for (const [path, body, status] of cases) {
      const answer = await post(player, path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)} -> ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect([await counts(), await balance(player)]).toEqual(before);

    const excluded = await fundedAccount(platform(), '5');
    await services().wallet.responsibleGaming.selfExclude(excluded.user.id, '24h');
    expectLegacyError(
      await post(excluded, '/api/games/hilo/bets', { amount: 1 }),
      403,
      /self-excluded/,
      'SELF_EXCLUDED',
    );
    expect(await balance(excluded)).toBe(5n * E8);
  });

  it('100 parallel starts against a balance that covers 50 open exactly one round (one open round per player); 100 parallel steps settle it once', async () => {
    const player = await fundedAccount(platform(), '50');
    const starts = await Promise.all(
      Array.from({ length: 100 }, () => post(player, '/api/games/hilo/bets', { amount: 1 })),
    );
    const opened = starts.filter((r) => r.status === 201);
    expect(opened).toHaveLength(1);
    expect(starts.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.body.code === 'ROUND_OPEN')).toBe(
      true,
    );
    expect(await balance(player)).toBe(49n * E8);
    const id = opened[0]!.body.id;
    const cards = await cardsOf(player, opened[0]!.body.fairness.nonce);
    // A long shot would end the round capped on the guess, leaving nothing to race for.
    const at = await skipLongShots(player, id, cards, 0);
    expect(
      (await post(player, `/api/games/hilo/bets/${id}/${winningGuess(cards[at]!, cards[at + 1]!)}`, {})).body.state,
    ).toBe('open');
    // Cash-outs race skips: the round ends once; skips after it see it over.
    const steps = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(player, `/api/games/hilo/bets/${id}/${i % 2 ? 'cashout' : 'skip'}`, {}),
      ),
    );
    expect(steps.filter((r) => r.status === 200 && r.body.state === 'won')).toHaveLength(1);
    expect(await payoutCount(db(), id)).toBe(1);
    const settled = (await get(player, `/api/bets/${id}`)).body;
    expect(await balance(player)).toBe(49n * E8 + units(settled.payout));
    await expectLedgerOk();
  });

  it('BZU: a round stakes and pays in BZU; XP, rakeback and raffle wager accrue; the bet is in GET /api/bets and the live feed', async () => {
    const player = await fundedAccount(platform(), '5');
    await creditBzu(platform(), player.user.id, '1000', `hilo-${player.user.id}`);
    const socket = await TestSocket.open(platform().url, `?token=${player.token}`);
    socket.send({ type: 'subscribe', channels: ['bets'] });
    await socket.next((f) => f.type === 'subscribed' && f.channel === 'bets');

    const started = await post(player, '/api/games/hilo/bets', { amount: 100, currency: 'BZU' });
    expect(started.body).toMatchObject({ currency: 'BZU', amount: 100, state: 'open' });
    const cards = await cardsOf(player, started.body.fairness.nonce);
    const bzu = await guessThenCashOut(player, started.body.id, winningGuess(cards[0]!, cards[1]!));
    expect(await balance(player, 'BZU')).toBe(900n * E8 + units(bzu.payout));

    const usd = await post(player, '/api/games/hilo/bets', { amount: 2 });
    const usdCards = await cardsOf(player, usd.body.fairness.nonce);
    const won = await guessThenCashOut(player, usd.body.id, winningGuess(usdCards[0]!, usdCards[1]!));
    await socket.next(
      (f) => f.type === 'bet' && f.channel === 'bets' && f.data.id === won.id && f.data.game === 'hilo',
    );
    socket.ws.close();

    expect(await betEconomy(db(), won.id)).toMatchObject({ house_edge_ppm: 10_000, wagered_e8: String(2n * E8) });
    expect(BigInt((await betEconomy(db(), won.id))!.xp_e8)).toBeGreaterThan(0n);
    expect(BigInt((await betEconomy(db(), won.id))!.rakeback_e8)).toBeGreaterThan(0n);
    // A ticket per 1 USD and per 100 BZU wagered, plus the bonus of the player's BZU holding.
    const standing = await raffleStanding(platform(), player.token);
    expect(standing).toMatchObject({ wageredUsd: '2', wageredBzu: '100', tickets: 3 + standing.holderBonus });
    const history = (await get(player, '/api/bets?game=hilo')).body;
    expect(history.bets.map((b: { id: string }) => b.id)).toEqual([won.id, bzu.id]);
    await expectLedgerOk();
  });
});
