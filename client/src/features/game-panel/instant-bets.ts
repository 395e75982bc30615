/**
 * The player's "instant bets" choice: animated games (plinko, keno, dice, limbo) skip their animation and show
 * the result at once, and an autobet runs in turbo (no pause between bets). One choice for every game.
 */
import { browserFlag } from './browser-flag';

const flag = browserFlag('bzu.instantBets', false);

export const setInstantBets = flag.set;
export const useInstantBets = flag.use;
export const isInstantBets = flag.get;
