import type { Db } from '../../../../db/client.js';
import {
  endWindowNow,
  findPromotion,
  insertPromotion,
  listPromotions,
  setPromotionStatus,
  type PromotionRow,
  type PromotionStatus,
} from '../../../../db/repositories/promotions.repo.js';
import { costPerDay } from '../../../../db/repositories/promotion-reports.repo.js';
import { uniqueViolation } from '../../../../db/repositories/pg-errors.js';
import { auditSnapshot, withStaffAudit, type StaffActor } from '../staff/audit-log.js';
import { DomainError } from '../errors.js';
import { formatAmount } from '../wallet/amounts.js';
import { ppmToPercent, prizesFromShares } from './promotion-rules.js';
import { insertBonusTerms, termsOf, type BonusTerms } from '../../../../db/repositories/bonuses.repo.js';
import { bonusTermsText } from './bonus.views.js';
import type { CreateBonusInput, CreateCodeInput, CreateRaceInput, CreateReloadInput } from './promotions.schemas.js';
import { prizesView, reloadFormula } from './promotions.views.js';

/** One promotion as the console lists it. */
export interface ConsolePromotion {
  id: string;
  kind: 'race' | 'code' | 'reload' | 'bonus';
  name: string;
  currency: 'USD' | 'BZU';
  status: PromotionStatus;
  startsAt: string;
  endsAt: string;
  finished: boolean;
  /** What it offers, in words (prize table, code and uses, reload formula). */
  terms: string;
}

export interface CostReport {
  since: string;
  days: {
    day: string;
    promotionId: string;
    name: string;
    kind: string;
    currency: string;
    paid: string;
    pending: string;
    forfeited: string;
  }[];
  totals: { currency: string; paid: string; pending: string; forfeited: string }[];
}

const EMPTY_RACE = { code: null, maxUses: null, grantE8: null, reloadPeriod: null, ratePpm: null, capE8: null };

/**
 * The operator's side: create races, codes and reloads, pause, resume or end them, and what they cost per day.
 * Changes are not written to an audit log here: the back-office's staff audit log wires them when it lands.
 */
export class PromotionConsole {
  constructor(
    private readonly deps: {
      db: Db;
      now?: () => Date;
      /** A race was created or its status changed (the bet path's live-race snapshot reads them again). */
      racesChanged?: () => void;
    },
  ) {}

  async createRace(staffId: number, input: CreateRaceInput): Promise<ConsolePromotion> {
    const table =
      'amounts' in input.prizes
        ? { poolE8: null, prizeSharesPpm: null, prizeAmountsE8: input.prizes.amounts }
        : {
            poolE8: input.prizes.pool,
            prizeSharesPpm: input.prizes.sharesPercent,
            prizeAmountsE8: prizesFromShares(input.prizes.pool, input.prizes.sharesPercent),
          };
    if (table.prizeAmountsE8.every((amount) => amount === 0n))
      throw new DomainError('BAD_REQUEST', 'Every prize would be zero', { code: 'RACE_NO_PRIZES' });
    const row = await insertPromotion(this.deps.db, {
      kind: 'race',
      name: input.name,
      currency: input.currency,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      games: [...new Set(input.games)],
      ...table,
      ...EMPTY_RACE,
      createdBy: staffId,
    });
    this.deps.racesChanged?.();
    return consoleView(row);
  }

  async createCode(staffId: number, input: CreateCodeInput): Promise<ConsolePromotion> {
    try {
      const row = await insertPromotion(this.deps.db, {
        kind: 'code',
        name: input.name,
        currency: input.currency,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        games: [],
        poolE8: null,
        prizeSharesPpm: null,
        prizeAmountsE8: null,
        code: input.code,
        maxUses: input.maxUses,
        grantE8: input.amount,
        reloadPeriod: null,
        ratePpm: null,
        capE8: null,
        createdBy: staffId,
      });
      return consoleView(row);
    } catch (error) {
      if (uniqueViolation(error) !== undefined)
        throw new DomainError('CONFLICT', `The code ${input.code} exists already`, { code: 'PROMO_CODE_TAKEN' });
      throw error;
    }
  }

  async createReload(staffId: number, input: CreateReloadInput): Promise<ConsolePromotion> {
    const row = await insertPromotion(this.deps.db, {
      kind: 'reload',
      name: input.name,
      currency: input.currency,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      games: [],
      poolE8: null,
      prizeSharesPpm: null,
      prizeAmountsE8: null,
      code: null,
      maxUses: null,
      grantE8: null,
      reloadPeriod: input.period,
      ratePpm: input.ratePercent,
      capE8: input.cap,
      createdBy: staffId,
    });
    return consoleView(row);
  }

  async createBonus(staffId: number, input: CreateBonusInput): Promise<ConsolePromotion> {
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await insertPromotion(trx, {
        kind: 'bonus',
        name: input.name,
        currency: input.currency,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        games: [],
        poolE8: null,
        prizeSharesPpm: null,
        prizeAmountsE8: null,
        code: null,
        maxUses: null,
        grantE8: null,
        reloadPeriod: null,
        ratePpm: null,
        capE8: null,
        createdBy: staffId,
      });
      const terms: BonusTerms = {
        kind: 'fixed' in input.offer ? 'fixed' : 'deposit-match',
        fixedE8: 'fixed' in input.offer ? input.offer.fixed : null,
        matchPpm: 'fixed' in input.offer ? null : input.offer.matchPercent,
        maxBonusE8: 'fixed' in input.offer ? null : input.offer.upTo,
        wageringMultiple: input.wageringMultiple,
        gameWeightsPpm: input.weights,
        defaultWeightPpm: input.otherGamesPercent,
        maxStakeE8: input.maxStake,
        expiryHours: input.expiryHours,
        stakeOrder: input.stakeOrder,
      };
      await insertBonusTerms(trx, row.id, terms);
      return consoleView(row, terms);
    });
  }

  /**
   * Pause (nothing counts or is granted until resumed), resume, or end for good. Ending a race early moves its end to
   * now: the job then freezes its board and pays it as at a normal end. An ended promotion stays ended.
   */
  /** Pauses, resumes or ends a promotion; the change and its staff audit line (`audit`) commit together. */
  async setStatus(id: string, status: PromotionStatus, audit: StaffActor): Promise<ConsolePromotion> {
    const changed = await withStaffAudit(this.deps.db, audit, async (trx) => {
      const row = await findPromotion(trx, id, { lock: 'update' });
      if (!row) throw new DomainError('NOT_FOUND', `No promotion #${id}`, { code: 'PROMOTION_NOT_FOUND' });
      if (row.status === 'ended' && status !== 'ended')
        throw new DomainError('CONFLICT', 'An ended promotion cannot be restarted', { code: 'PROMOTION_ENDED' });
      const key = { id };
      const before = await auditSnapshot(trx, 'promotions', key);
      if (status === 'ended') await endWindowNow(trx, id);
      await setPromotionStatus(trx, id, status);
      const after = await auditSnapshot(trx, 'promotions', key);
      return {
        result: consoleView((await findPromotion(trx, id))!, (await termsOf(trx, [id])).get(id)),
        action: { action: 'promotion.setStatus', target: { type: 'promotion', id }, before, after },
      };
    });
    if (changed.kind === 'race') this.deps.racesChanged?.();
    return changed;
  }

  async list(): Promise<ConsolePromotion[]> {
    const rows = await listPromotions(this.deps.db, { limit: 200 });
    const terms = await termsOf(
      this.deps.db,
      rows.filter((row) => row.kind === 'bonus').map((row) => row.id),
    );
    return rows.map((row) => consoleView(row, terms.get(row.id)));
  }

  async costReport(days: number): Promise<CostReport> {
    const now = this.deps.now?.() ?? new Date();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
    const rows = await costPerDay(this.deps.db, since);
    const totals = new Map<string, { paid: bigint; pending: bigint; forfeited: bigint }>();
    for (const row of rows) {
      const total = totals.get(row.currency) ?? { paid: 0n, pending: 0n, forfeited: 0n };
      total.paid += row.paid;
      total.pending += row.pending;
      total.forfeited += row.forfeited;
      totals.set(row.currency, total);
    }
    return {
      since: since.toISOString(),
      days: rows.map((row) => ({
        day: row.day,
        promotionId: row.promotionId,
        name: row.name,
        kind: row.kind,
        currency: row.currency,
        paid: formatAmount(row.paid),
        pending: formatAmount(row.pending),
        forfeited: formatAmount(row.forfeited),
      })),
      totals: [...totals].map(([currency, total]) => ({
        currency,
        paid: formatAmount(total.paid),
        pending: formatAmount(total.pending),
        forfeited: formatAmount(total.forfeited),
      })),
    };
  }
}

function consoleView(row: PromotionRow, bonusTerms?: BonusTerms): ConsolePromotion {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    finished: row.finalisedAt !== null,
    terms: bonusTerms ? bonusTermsText(bonusTerms, row.currency).slice(0, 4).join('; ') : describe(row),
  };
}

function describe(row: PromotionRow): string {
  if (row.kind === 'code')
    return `${row.code}: ${formatAmount(row.grantE8!)} ${row.currency}, ${row.uses}/${row.maxUses} used`;
  if (row.kind === 'reload') return reloadFormula(row);
  const prizes = prizesView(row).map((prize) => `${prize.label} ${prize.amount}`);
  const pool =
    row.poolE8 === null
      ? ''
      : `pool ${formatAmount(row.poolE8)} ${row.currency} (${row.prizeSharesPpm!.map(ppmToPercent).join('/')}%): `;
  const games = row.games.length === 0 ? 'all originals' : row.games.join(', ');
  return `${pool}${prizes.join(', ')} ${row.currency}; counts ${games}`;
}
