import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dispatch } from '../../server/src/cli/commands.js';
import { CLI_ACTOR, recordStaffAction } from '../../server/src/domain/staff/audit-log.js';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { registerProvider } from '../support/providers.js';
import { fundPlayer, trpc, WALLET_TEST_ENV } from '../support/wallet.js';

const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The staff audit log (issue 43): who, when, from where, before and after, for each staff action; append-only. */
describe('staff audit log', () => {
  let platform: TestPlatform;
  type Account = Awaited<ReturnType<typeof signedInAccount>>;
  let admin: Account;
  let finance: Account;
  let moderator: Account;
  let risk: Account;
  let player: Account;
  const db = () => platform.platform.infra.db;

  /** A staff call from a given address, as the browser would make it. */
  const call = (who: Account, kind: 'query' | 'mutation', path: string, input: unknown, ip: string) =>
    kind === 'query'
      ? http(platform.url, 'GET', `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, undefined, {
          token: who.token,
          ip,
          headers: { 'user-agent': 'AuditTest/1.0 (staff desk)' },
        })
      : http(platform.url, 'POST', `/api/trpc/${path}`, input, {
          token: who.token,
          ip,
          headers: { 'user-agent': 'AuditTest/1.0 (staff desk)' },
        });
  const auditList = async (filter: Record<string, unknown>) => {
    const answer = await call(risk, 'query', 'admin.audit.list', filter, '10.77.0.50');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data as Record<string, any>[];
  };
  const withdraw = async () => {
    const answer = await trpc(
      platform,
      'mutation',
      'wallet.withdraw',
      { amount: '5', asset: 'USDT', network: 'ERC20', address: PAYOUT_ADDRESS, password: player.account.password },
      player.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result.data.id as string;
  };

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      SPORTS_ENABLED: 'true',
    });
    [admin, finance, moderator, risk, player] = (await Promise.all(
      [1, 2, 3, 4, 5].map((n) => signedInAccount(platform, {}, `10.77.1.${n}`)),
    )) as [Account, Account, Account, Account, Account];
    const { accounts } = platform.platform.services.auth;
    await accounts.setRole(admin!.account.username, 'admin');
    await accounts.setRole(finance!.account.username, 'finance');
    await accounts.setRole(moderator!.account.username, 'moderator');
    await accounts.setRole(risk!.account.username, 'risk');
    await fundPlayer(platform, player!.token, '50');
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('records approve, record txid and reject with who, from where, and the withdrawal before and after', async () => {
    const first = await withdraw();
    const second = await withdraw();
    const approved = await call(finance, 'mutation', 'admin.withdrawals.approve', { id: first }, '10.77.0.9');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const sent = await call(
      finance,
      'mutation',
      'admin.withdrawals.recordTxid',
      { id: first, txid: 'ab'.repeat(32) },
      '10.77.0.9',
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const rejected = await call(
      admin,
      'mutation',
      'admin.withdrawals.reject',
      { id: second, reason: 'Adresse nicht verifiziert — bitte erneut' },
      '10.77.0.10',
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    const [approve] = await auditList({ action: 'withdrawal.approve', targetId: first });
    expect(approve).toMatchObject({
      actorId: finance.user.id,
      actorRole: 'finance',
      actorName: finance.account.username,
      targetType: 'withdrawal',
      targetId: first,
      ip: '10.77.0.9',
      userAgent: 'AuditTest/1.0 (staff desk)',
      before: { status: 'PENDING', approved_by: null },
      after: { status: 'APPROVED', approved_by: finance.user.id },
    });
    expect(Date.now() - Date.parse(approve!.createdAt)).toBeLessThan(10 * 60_000);
    const [txid] = await auditList({ action: 'withdrawal.recordTxid', targetId: first });
    expect(txid).toMatchObject({
      before: { status: 'APPROVED', txid: null },
      after: { status: 'SENT', txid: 'ab'.repeat(32) },
    });
    const [reject] = await auditList({ action: 'withdrawal.reject', targetId: second });
    expect(reject).toMatchObject({
      actorId: admin.user.id,
      ip: '10.77.0.10',
      before: { status: 'PENDING' },
      after: { status: 'REJECTED', reason: 'Adresse nicht verifiziert — bitte erneut' },
    });
    // Filters: by actor (newest first), by target.
    const byFinance = await auditList({ actorId: finance.user.id });
    expect(byFinance.map((line) => line.action)).toEqual(['withdrawal.recordTxid', 'withdrawal.approve']);
    expect((await auditList({ targetType: 'withdrawal', targetId: second })).map((line) => line.action)).toEqual([
      'withdrawal.reject',
    ]);
  });

  it('writes nothing for a refused or failed action', async () => {
    const id = await withdraw();
    const before = await auditList({ targetId: id });
    // A role that may not: 403. A decision on a withdrawal already decided: 409.
    expect((await call(moderator, 'mutation', 'admin.withdrawals.approve', { id }, '10.77.0.11')).status).toBe(403);
    expect((await call(admin, 'mutation', 'admin.withdrawals.reject', { id, reason: 'no' }, '10.77.0.11')).status).toBe(
      200,
    );
    const again = await call(finance, 'mutation', 'admin.withdrawals.approve', { id }, '10.77.0.11');
    expect(again.status).toBe(409);
    const after = await auditList({ targetId: id });
    expect(after.length - before.length).toBe(1);
    expect(after[0]).toMatchObject({ action: 'withdrawal.reject', actorId: admin.user.id });
  });

  it('records a role change, a mute and a market settlement', async () => {
    const target = await signedInAccount(platform, {}, '10.77.1.20');
    const role = await call(
      admin,
      'mutation',
      'admin.staff.setRole',
      { userId: target.user.id, role: 'support' },
      '10.77.0.12',
    );
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    // Nobody changes their own role (an admin could lock everyone out).
    const own = await call(
      admin,
      'mutation',
      'admin.staff.setRole',
      { userId: admin.user.id, role: 'user' },
      '10.77.0.12',
    );
    expect(own.status).toBe(400);
    const mute = await call(
      moderator,
      'mutation',
      'chat.mute',
      { userId: target.user.id, minutes: 10, reason: 'spam' },
      '10.77.0.13',
    );
    expect(mute.status, JSON.stringify(mute.body)).toBe(200);

    const event = await call(
      admin,
      'mutation',
      'admin.sports.createEvent',
      {
        sport: 'Football',
        competition: 'Liga Ñ',
        home: 'Águilas',
        away: 'Leões',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      '10.77.0.14',
    );
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    const market = await call(
      admin,
      'mutation',
      'admin.sports.addMarket',
      {
        eventId: event.body.result.data.id,
        type: 'moneyline',
        selections: [
          { name: 'Águilas', odds: '1.85' },
          { name: 'Leões', odds: '1.95' },
        ],
      },
      '10.77.0.14',
    );
    expect(market.status, JSON.stringify(market.body)).toBe(200);
    const { id: marketId, selections } = market.body.result.data.markets.at(-1);
    const settled = await call(
      admin,
      'mutation',
      'admin.sports.settleMarket',
      {
        marketId,
        results: [
          { selectionId: selections[0].id, result: 'won' },
          { selectionId: selections[1].id, result: 'lost' },
        ],
      },
      '10.77.0.14',
    );
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);

    const [roleLine] = await auditList({ action: 'user.role', targetId: String(target.user.id) });
    expect(roleLine).toMatchObject({
      actorId: admin.user.id,
      ip: '10.77.0.12',
      before: { role: 'user' },
      after: { role: 'support' },
    });
    const [muteLine] = await auditList({ action: 'chat.mute', targetId: String(target.user.id) });
    expect(muteLine).toMatchObject({
      actorId: moderator.user.id,
      actorRole: 'moderator',
      ip: '10.77.0.13',
      targetType: 'user',
    });
    expect(muteLine!.after).toBeTruthy();
    const [settleLine] = await auditList({ action: 'sports.settleMarket', targetId: String(marketId) });
    expect(settleLine).toMatchObject({ actorId: admin.user.id, targetType: 'sports-market' });
    expect(settleLine!.before.status).not.toBe(settleLine!.after.status);
    expect((await auditList({ action: 'sports.createEvent' }))[0]!.after).toMatchObject({ home: 'Águilas' });
  });

  it('is append-only: the database refuses to change or remove a line', async () => {
    const id = await recordStaffAction(
      db(),
      { id: admin.user.id, role: 'admin', ip: '10.77.0.15' },
      { action: 'test.appendOnly', target: { type: 'user', id: player.user.id }, after: { note: 'Ünïcode ✓' } },
    );
    await expect(sql`update staff_audit_log set ip = '1.2.3.4' where id = ${id}`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from staff_audit_log where id = ${id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`truncate staff_audit_log`.execute(db())).rejects.toThrow(/append-only/);
    const [line] = await auditList({ action: 'test.appendOnly' });
    expect(line).toMatchObject({ id, ip: '10.77.0.15', after: { note: 'Ünïcode ✓' } });
  });

  it('shows the log to the roles that may read it only', async () => {
    expect((await call(finance, 'query', 'admin.audit.list', {}, '10.77.0.16')).status).toBe(403);
    expect((await call(admin, 'query', 'admin.audit.list', { limit: 1 }, '10.77.0.16')).body.result.data).toHaveLength(
      1,
    );
    expect((await call(admin, 'query', 'admin.audit.list', { limit: 1000 }, '10.77.0.16')).status).toBe(400);
  });

  /** An `npm run cli -- ...` command run in-process, as the operator at the console. */
  const cli = async (...argv: string[]) => {
    const printed: string[] = [];
    await dispatch(argv, { services: platform.platform.services, print: (line) => printed.push(line) });
    return printed;
  };
  const lastLine = async (filter: Record<string, unknown>) => (await auditList({ ...filter, limit: 1 }))[0]!;

  it('records the CLI chat commands as the cli actor, with the mute and slow mode they replaced', async () => {
    const target = await signedInAccount(platform, {}, '10.77.1.30');
    const targetId = String(target.user.id);
    await cli('chat:mute', target.account.username, '10', 'spam', 'links');
    expect(await lastLine({ action: 'chat.mute', targetId })).toMatchObject({
      actorId: null,
      actorRole: 'cli',
      targetType: 'user',
      before: { mutedUntil: null },
      after: { minutes: 10, reason: 'spam links' },
    });
    const firstMute = (await lastLine({ action: 'chat.mute', targetId })).after.mutedUntil as string;
    // A second, longer mute keeps the first one's end as its before.
    await cli('chat:mute', target.account.username, '60', 'again');
    expect((await lastLine({ action: 'chat.mute', targetId })).before).toEqual({ mutedUntil: firstMute });
    const longer = (await lastLine({ action: 'chat.mute', targetId })).after.mutedUntil as string;
    await cli('chat:unmute', target.account.username, 'appeal', 'granted');
    expect(await lastLine({ action: 'chat.unmute', targetId })).toMatchObject({
      actorRole: 'cli',
      before: { mutedUntil: longer },
      after: { mutedUntil: null, lifted: 2, reason: 'appeal granted' },
    });

    await cli('chat:slow-mode', '5', 'busy evening');
    await cli('chat:slow-mode', '0', 'calm again');
    const slow = await auditList({ action: 'chat.slowMode', limit: 2 });
    expect(slow.map((line) => [line.actorRole, line.before, line.after])).toEqual([
      ['cli', { slowModeSeconds: 5 }, { slowModeSeconds: 0, reason: 'calm again' }],
      ['cli', { slowModeSeconds: 0 }, { slowModeSeconds: 5, reason: 'busy evening' }],
    ]);

    const message = await platform.platform.services.chat.send(
      { id: target.user.id, role: 'user' },
      { message: 'buy cheap coins at example.test' },
    );
    await cli('chat:delete', String(message.id), 'scam');
    expect(await lastLine({ action: 'chat.delete', targetId: String(message.id) })).toMatchObject({
      actorRole: 'cli',
      targetType: 'chat-message',
      before: { deleted_at: null, message: 'buy cheap coins at example.test' },
      after: { message: 'buy cheap coins at example.test' },
    });
    expect((await lastLine({ action: 'chat.delete', targetId: String(message.id) })).after.deleted_at).not.toBeNull();

    await cli('chat:announce', 'info', '30', 'Maintenance at 02:00 UTC — Wartung');
    expect(await lastLine({ action: 'chat.announce' })).toMatchObject({
      actorRole: 'cli',
      targetType: 'chat-announcement',
      before: null,
      after: { type: 'info', message: 'Maintenance at 02:00 UTC — Wartung' },
    });
  });

  it('records the CLI provider commands as the cli actor, secrets left out', async () => {
    const id = `cli${Date.now().toString(36)}`;
    const origin = 'https://studio.example.test';
    const template = `${origin}/launch?token={token}&game={gameId}&currency={currency}&lang={language}&return={returnUrl}`;
    await cli('providers:add', id, 'CLI Studio', origin, template, 'a-very-secret-signing-key-123');
    const added = await lastLine({ action: 'provider.save', targetId: id });
    expect(added).toMatchObject({ actorId: null, actorRole: 'cli', before: null, after: { id, enabled: true } });
    expect(JSON.stringify(added)).not.toContain('a-very-secret-signing-key-123');
    await cli('providers:enable', id, 'off');
    expect(await lastLine({ action: 'provider.save', targetId: id })).toMatchObject({
      actorRole: 'cli',
      before: { enabled: true },
      after: { enabled: false },
    });
    await cli('providers:game', id, 'slot-1', 'Lucky Ñ', 'slots', '96.1', '500');
    expect(await lastLine({ action: 'provider.saveGame', targetId: `${id}/slot-1` })).toMatchObject({
      actorRole: 'cli',
      targetType: 'provider-game',
      before: null,
      after: { name: 'Lucky Ñ', enabled: true },
    });
    await cli('providers:pause', id, 'checking', 'payouts');
    expect(await lastLine({ action: 'provider.pause', targetId: id })).toMatchObject({
      actorRole: 'cli',
      before: { paused_at: null },
      after: { paused_reason: 'checking payouts' },
    });
    await cli('providers:resume', id);
    expect(await lastLine({ action: 'provider.resume', targetId: id })).toMatchObject({
      actorRole: 'cli',
      before: { paused_reason: 'checking payouts' },
      after: { paused_at: null, paused_reason: null },
    });
    // Resuming what is not paused changes nothing and writes no line.
    const lines = (await auditList({ targetId: id })).length;
    expect(await cli('providers:resume', id)).toEqual([`${id} was not paused`]);
    expect((await auditList({ targetId: id })).length).toBe(lines);

    const file = path.join(tmpdir(), `providers-${id}.json`);
    await writeFile(
      file,
      JSON.stringify({
        providers: [
          {
            id: `${id}b`,
            name: 'Imported Studio',
            secret: 'another-secret-key-4567890',
            origin,
            launchUrlTemplate: template,
            games: [{ gameId: 'roulette-1', name: 'Roulette', category: 'roulette', rtp: '97.3', maxMultiplier: '36' }],
          },
        ],
      }),
    );
    await cli('providers:import', file);
    const imported = await lastLine({ action: 'provider.import' });
    expect(imported).toMatchObject({
      actorRole: 'cli',
      after: { imported: [{ id: `${id}b`, games: ['roulette-1'] }] },
    });
    expect(JSON.stringify(imported)).not.toContain('another-secret-key-4567890');
  });

  it('records a provider save and resume from the console with the row before and after', async () => {
    const provider = await registerProvider(platform);
    const saved = await call(
      admin,
      'mutation',
      'admin.providers.saveProvider',
      { id: provider.id, name: 'Renamed Studio ✓' },
      '10.77.0.20',
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const line = await lastLine({ action: 'provider.save', targetId: provider.id });
    expect(line).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      ip: '10.77.0.20',
      before: { name: `Studio ${provider.id}` },
      after: { name: 'Renamed Studio ✓' },
    });
    expect(JSON.stringify(line)).not.toContain(provider.secret);

    await platform.platform.services.providers.registry.pause(provider.id, 'payout breaker', CLI_ACTOR);
    const resumed = await call(admin, 'mutation', 'admin.providers.resume', { id: provider.id }, '10.77.0.21');
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(await lastLine({ action: 'provider.resume', targetId: provider.id })).toMatchObject({
      actorId: admin.user.id,
      ip: '10.77.0.21',
      before: { paused_reason: 'payout breaker' },
      after: { paused_at: null },
    });
    // A refused call (another role) writes nothing.
    const before = (await auditList({ targetId: provider.id })).length;
    expect((await call(finance, 'mutation', 'admin.providers.resume', { id: provider.id }, '10.77.0.21')).status).toBe(
      403,
    );
    expect((await auditList({ targetId: provider.id })).length).toBe(before);
  });

  it('records a promotion status change from the console', async () => {
    const created = await call(
      admin,
      'mutation',
      'admin.promotions.createCode',
      {
        name: 'Audit code',
        code: 'AUDIT-1',
        currency: 'USD',
        amount: '1',
        maxUses: 5,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      '10.77.0.22',
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = String(created.body.result.data.id);
    const paused = await call(admin, 'mutation', 'admin.promotions.setStatus', { id, status: 'paused' }, '10.77.0.22');
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(await lastLine({ action: 'promotion.setStatus', targetId: id })).toMatchObject({
      actorId: admin.user.id,
      targetType: 'promotion',
      ip: '10.77.0.22',
      before: { status: 'active' },
      after: { status: 'paused' },
    });
    await call(admin, 'mutation', 'admin.promotions.setStatus', { id, status: 'ended' }, '10.77.0.22');
    // An ended promotion cannot restart: 409, and no line.
    const lines = (await auditList({ targetId: id, action: 'promotion.setStatus' })).length;
    const restart = await call(admin, 'mutation', 'admin.promotions.setStatus', { id, status: 'active' }, '10.77.0.22');
    expect(restart.status).toBe(409);
    expect((await auditList({ targetId: id, action: 'promotion.setStatus' })).map((line) => line.after.status)).toEqual(
      ['ended', 'paused'],
    );
    expect(lines).toBe(2);
  });

  it('commits a change and its audit line together: a line that cannot be written undoes the change', async () => {
    // An actor id no user has: the audit insert fails (foreign key), as a crash between the two would.
    const ghost = { id: 2_000_000_000, role: 'admin' };
    const settings = platform.platform.services.chat;
    const slowBefore = (await settings.settings()).slowModeSeconds;
    await expect(
      settings.setSlowMode({ id: null, role: 'admin' }, { seconds: 42, reason: 'x' }, ghost),
    ).rejects.toThrow();
    expect((await settings.settings()).slowModeSeconds).toBe(slowBefore);

    const provider = await registerProvider(platform);
    await expect(
      platform.platform.services.providers.registry.saveProvider({ id: provider.id, name: 'Never saved' }, ghost),
    ).rejects.toThrow();
    expect((await platform.platform.services.providers.registry.provider(provider.id))!.name).toBe(
      `Studio ${provider.id}`,
    );
  });
});
