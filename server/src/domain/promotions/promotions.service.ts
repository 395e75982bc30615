import type { Db } from '../../../../db/client.js';
import { isOptedOut, promotionBarrier, setOptOut } from '../../../../db/repositories/promotions.repo.js';
import type { GrantService } from './grants.service.js';
import type { RaceView, ReloadView } from './promotions.views.js';
import type { RaceService } from './races.service.js';
import type { BonusService } from './bonuses.service.js';
import type { ActiveBonusView, BonusOfferView } from './bonus.views.js';

export interface PromotionsOverview {
  /**
   * Why no offer is shown: 'excluded' (self-exclusion, time-out or closed account) or 'opted-out' (settings); null
   * when offers are shown. Race boards stay public (a board is not an offer), without the player on them.
   */
  barrier: 'excluded' | 'opted-out' | null;
  races: RaceView[];
  reloads: ReloadView[];
  past: RaceView[];
  /** The player's active bonus with its progress, and the bonus offers they may claim. */
  bonus: ActiveBonusView | null;
  bonusOffers: BonusOfferView[];
}

/** The /promotions page's read and the player's opt-out setting, over the races and the grants. */
export class PromotionsService {
  constructor(
    private readonly deps: { db: Db },
    readonly races: RaceService,
    readonly grants: GrantService,
    readonly bonuses: BonusService,
  ) {}

  async overview(userId: number | null): Promise<PromotionsOverview> {
    const barrier = userId === null ? null : await promotionBarrier(this.deps.db, userId);
    const viewer = barrier === null ? userId : null;
    const offered = barrier === null;
    const [races, reloads, past, bonus, bonusOffers] = await Promise.all([
      this.races.live(viewer),
      offered ? this.grants.reloads(viewer) : Promise.resolve([]),
      this.races.past(viewer),
      // An active bonus stays visible whatever happened since: it is the player's money under terms.
      userId === null ? Promise.resolve(null) : this.bonuses.active(userId),
      offered ? this.bonuses.offers(viewer) : Promise.resolve([]),
    ]);
    return { barrier, races, reloads, past, bonus, bonusOffers };
  }

  async optOut(userId: number): Promise<{ optedOut: boolean }> {
    return { optedOut: await isOptedOut(this.deps.db, userId) };
  }

  async setOptOut(userId: number, optedOut: boolean): Promise<{ optedOut: boolean }> {
    await setOptOut(this.deps.db, userId, optedOut);
    return { optedOut };
  }
}
