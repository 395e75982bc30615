import { describe, expect, it } from 'vitest';
import { CASINO_LINKS, type CasinoCategoryPath } from '../navigation/nav-items';
import { emptyCategoryTitle } from './category-texts';

describe('empty casino category titles', () => {
  const paths = CASINO_LINKS.map((link) => link.to).filter((to): to is CasinoCategoryPath => to !== '/casino');

  it('reads as English for every category (no "raffles games", no "game shows games")', () => {
    expect(emptyCategoryTitle('/casino/raffles')).toBe('No raffles yet');
    expect(emptyCategoryTitle('/casino/gameshows')).toBe('No game shows yet');
    expect(emptyCategoryTitle('/casino/slots')).toBe('No slot games yet');
    for (const path of paths) expect(emptyCategoryTitle(path)).not.toMatch(/s games/);
  });
});
