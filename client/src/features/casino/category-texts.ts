import type { CasinoCategoryPath } from '../navigation/nav-items';

/**
 * What an empty category page says. Written out per category: "No raffles games yet" and
 * "No game shows games yet" are what deriving it from the menu label gave.
 */
const EMPTY_TITLES: Record<CasinoCategoryPath, string> = {
  '/casino/slots': 'No slot games yet',
  '/casino/live': 'No live casino games yet',
  '/casino/gameshows': 'No game shows yet',
  '/casino/roulette': 'No roulette games yet',
  '/casino/blackjack': 'No blackjack games yet',
  '/casino/bingo': 'No bingo games yet',
  '/casino/raffles': 'No raffles yet',
  '/casino/originals': 'No originals yet',
};

export function emptyCategoryTitle(path: CasinoCategoryPath): string {
  return EMPTY_TITLES[path];
}
