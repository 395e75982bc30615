import { describe, expect, it } from 'vitest';
import { BACCARAT_FLOATS, baccaratDeal, baccaratReturn } from '../../server/src/domain/games/baccarat/rules.js';
import { applyRatio } from '../../server/src/domain/games/shared/ratio.js';
import { expectLegacyError } from '../support/auth.js';
import { betEconomy, creditBzu, raffleStanding } from '../support/game-checks.js';
import { activeFloats } from '../support/round-floats.js';
import { gameSuite, type Player } from '../support/game-suite.js';
import { TestSocket } from '../support/socket-client.js';
import { fundedAccount, trpc } from '../support/wallet.js';

const E8 = 100_000_000n;
const units = (value: number | string) => BigInt(Math.round(Number(value) * 1e8));

/** Baccarat over REST and tRPC (API.md "Table games"): chips on three spots, one coup, the FAIRNESS.md outcome. */
describe('baccarat: player, banker and tie in one coup', () => {
  const { platform, services, db, post, get, balance, expectLedgerOk, counts } = gameSuite({
    GAME_MIN_BET_USD: '0.01',
    GAME_MAX_PROFIT_USD: '100',
  });
  /** The coup a bet at `nonce` deals, recomputed from the player's seed pair. */
  const coupAt = async (player: Player, nonce: number) =>
    baccaratDeal(await activeFloats(db(), player.user.id, nonce, BACCARAT_FLOATS));

  it('REST: chips on all three spots settle at once with the FAIRNESS.md coup; the payout floors the exact sum; a clientBetId retry answers the same bet', async () => {
    const player = await fundedAccount(platform(), '20');
    const body = { player: 1, banker: 0.33333333, tie: 0.5, clientBetId: 'bac-1' };
    const bet = await post(player, '/api/games/baccarat/bets', body);
    expect(bet.status, JSON.stringify(bet.body)).toBe(201);
    const coup = await coupAt(player, bet.body.fairness.nonce);
    expect(bet.body).toMatchObject({
      game: 'baccarat',
      amount: 1.83333333,
      outcome: { ...coup, bets: { player: '1', banker: '0.33333333', tie: '0.5' } },
    });
    const payout = applyRatio(1n, baccaratReturn({ player: E8, banker: 33_333_333n, tie: 50_000_000n }, coup.winner));
    expect(units(bet.body.payout)).toBe(payout);
    expect(await balance(player)).toBe(20n * E8 - 183_333_333n + payout);
    const retry = await post(player, '/api/games/baccarat/bets', body);
    expect(retry.body.id).toBe(bet.body.id);
    expect(await balance(player)).toBe(20n * E8 - 183_333_333n + payout);
    await expectLedgerOk();
  });

  it('tRPC: games.baccarat.bet with one spot, the balance after it in the answer', async () => {
    const player = await fundedAccount(platform(), '5');
    const answer = await trpc(platform(), 'mutation', 'games.baccarat.bet', { banker: '2' }, player.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { bet, balance: after } = answer.body.result.data;
    const coup = await coupAt(player, bet.fairness.nonce);
    const expected = coup.winner === 'banker' ? '3.9' : coup.winner === 'tie' ? '2' : '0';
    expect(bet).toMatchObject({
      amount: '2',
      payout: expected,
      outcome: { winner: coup.winner, bets: { player: '0', banker: '2', tie: '0' } },
    });
    expect(after).toBe(String(Number(5n * E8 - 2n * E8 + units(expected)) / 1e8));
  });

  it('bad input is a 400 that changes nothing; a tie bet that could pass the profit limit is 409 MAX_PROFIT; self-excluded is 403', async () => {
    const player = await fundedAccount(platform(), '5');
    const before = [await counts(), await balance(player)];
    const cases: [unknown, number, string?][] = [
      [{}, 400],
      [{ player: 0 }, 400],
      [{ player: -1 }, 400],
      [{ banker: 0.000000001 }, 400],
      [{ tie: 'lots' }, 400],
      [{ player: 1, currency: 'EUR' }, 400],
      [{ player: 0.001 }, 400],
      [{ player: 6 }, 409, 'INSUFFICIENT_FUNDS'],
      [{ tie: 13 }, 409, 'MAX_PROFIT'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await post(player, '/api/games/baccarat/bets', body);
      expect(answer.status, `${JSON.stringify(body)} -> ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
      if (code) expect(answer.body.code).toBe(code);
    }
    expect([await counts(), await balance(player)]).toEqual(before);
    const excluded = await fundedAccount(platform(), '5');
    await services().wallet.responsibleGaming.selfExclude(excluded.user.id, '24h');
    expectLegacyError(
      await post(excluded, '/api/games/baccarat/bets', { player: 1 }),
      403,
      /self-excluded/,
      'SELF_EXCLUDED',
    );
    expect(await balance(excluded)).toBe(5n * E8);
  });

  it('100 parallel bets against a balance that covers exactly 50 settle exactly as many as the balance allows, with contiguous nonces', async () => {
    const player = await fundedAccount(platform(), '50');
    const results = await Promise.all(
      Array.from({ length: 100 }, () => post(player, '/api/games/baccarat/bets', { tie: 1 })),
    );
    const settled = results
      .filter((r) => r.status === 201)
      .sort((a, b) => a.body.fairness.nonce - b.body.fairness.nonce);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(settled.map((r) => r.body.fairness.nonce)).toEqual(Array.from({ length: settled.length }, (_, i) => i));
    // The nonce lock serialises the bets, so the count is decided by the coups in nonce order: each stakes 1 while the
    // balance covers it, and a tie (9x) funds more. Replayed from the seeds, the balance allows exactly this many.
    let money = 50n * E8;
    let allowed = 0;
    for (let nonce = 0; allowed < 100 && money >= E8; nonce += 1) {
      const payout = (await coupAt(player, nonce)).winner === 'tie' ? 9n * E8 : 0n;
      expect(units(settled[nonce]!.body.payout)).toBe(payout);
      money += payout - E8;
      allowed += 1;
    }
    expect(settled).toHaveLength(allowed);
    expect(await balance(player)).toBe(money);
    await expectLedgerOk();
  });

  it('BZU and USD: XP, rakeback (at the banker edge) and raffle wager accrue; the bet is in GET /api/bets and the live feed', async () => {
    const player = await fundedAccount(platform(), '10');
    await creditBzu(platform(), player.user.id, '1000', `baccarat-${player.user.id}`);
    const socket = await TestSocket.open(platform().url, `?token=${player.token}`);
    socket.send({ type: 'subscribe', channels: ['bets'] });
    await socket.next((f) => f.type === 'subscribed' && f.channel === 'bets');
    const bzu = await post(player, '/api/games/baccarat/bets', { banker: 100, currency: 'BZU' });
    expect(bzu.body).toMatchObject({ currency: 'BZU', amount: 100 });
    expect(await balance(player, 'BZU')).toBe(900n * E8 + units(bzu.body.payout));
    const usd = await post(player, '/api/games/baccarat/bets', { player: 1, banker: 1 });
    await socket.next(
      (f) => f.type === 'bet' && f.channel === 'bets' && f.data.id === usd.body.id && f.data.game === 'baccarat',
    );
    socket.ws.close();

    const economy = await betEconomy(db(), usd.body.id);
    expect(economy).toMatchObject({ house_edge_ppm: 10_639, wagered_e8: String(2n * E8) });
    expect(BigInt(economy!.xp_e8)).toBeGreaterThan(0n);
    expect(BigInt(economy!.rakeback_e8)).toBeGreaterThan(0n);
    const standing = await raffleStanding(platform(), player.token);
    expect(standing).toMatchObject({ wageredUsd: '2', wageredBzu: '100', tickets: 3 + standing.holderBonus });
    const history = (await get(player, '/api/bets?game=baccarat')).body;
    expect(history.bets.map((b: { id: string }) => b.id)).toEqual([usd.body.id, bzu.body.id]);
    expect((await get(null, `/api/bets/${usd.body.id}`)).body.outcome).toMatchObject({
      bets: { player: '1', banker: '1', tie: '0' },
    });
    await expectLedgerOk();
  });
  it('a bet on both sides that returns less than its stake is result "partial" (state stays "lost") in REST and the CSV; a full loss is "lost"', async () => {
    const player = await fundedAccount(platform(), '20');
    // Player 1 + banker 1 on a banker win returns 1.95 of 2: a partial return. Seeds decide the coup, so bet until
    // one banker win and one player win (a 46% and 45% chance each coup) have come.
    const byWinner = new Map<string, { id: string; state: string; payout: number; result: string }>();
    for (let coup = 0; coup < 40 && !(byWinner.has('banker') && byWinner.has('player')); coup += 1) {
      const bet = await post(player, '/api/games/baccarat/bets', { player: 0.1, banker: 0.1 });
      expect(bet.status, JSON.stringify(bet.body)).toBe(201);
      if (!byWinner.has(bet.body.outcome.winner)) byWinner.set(bet.body.outcome.winner, bet.body);
    }
    const partial = byWinner.get('banker')!;
    expect(partial).toMatchObject({ state: 'lost', payout: 0.195, result: 'partial' });
    expect(byWinner.get('player')).toMatchObject({ state: 'won', payout: 0.2, result: 'won' });
    // A tie chip on a coup that is no tie pays nothing: a plain loss.
    let lost: { id: string; state: string; result: string } | undefined;
    for (let coup = 0; coup < 20 && !lost; coup += 1) {
      const bet = await post(player, '/api/games/baccarat/bets', { tie: 0.1 });
      if (bet.body.outcome.winner !== 'tie') lost = bet.body;
    }
    expect(lost).toMatchObject({ state: 'lost', result: 'lost' });

    // Anyone's view of the bet and the owner's list say the same.
    expect((await get(null, `/api/bets/${partial.id}`)).body).toMatchObject({ state: 'lost', result: 'partial' });
    const listed = (await get(player, '/api/bets?game=baccarat&limit=100')).body.bets as {
      id: string;
      result: string;
    }[];
    expect(listed.find((bet) => bet.id === partial.id)?.result).toBe('partial');
    expect(listed.find((bet) => bet.id === lost!.id)?.result).toBe('lost');

    const csv = await fetch(`${platform().url}/api/bets/export.csv?game=baccarat`, {
      headers: { authorization: `Bearer ${player.token}` },
    });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]!.split(',').at(-1)).toBe('result');
    /** A line's state (9th column, before the quoted outcome) and result (the last). */
    const columns = (id: string) => {
      const line = lines.find((text) => text.startsWith(`${id},`))!;
      return { state: line.split(',')[8], result: line.slice(line.lastIndexOf(',') + 1) };
    };
    expect(columns(partial.id)).toEqual({ state: 'lost', result: 'partial' });
    expect(columns(lost!.id)).toEqual({ state: 'lost', result: 'lost' });
    expect(columns(byWinner.get('player')!.id)).toEqual({ state: 'won', result: 'won' });
    await expectLedgerOk();
  });
});
