import { describe, expect, it } from 'vitest';
import type { BetView } from './bet-types';
import { endedElsewhere, resumedRound } from './resumed-round';

function bet(id: string, state: BetView['state']): BetView {
  return { id, state } as BetView;
}

describe('resumedRound: the server open round arriving on a page that plays on', () => {
  it('resumes the open round when the page has none', () => {
    expect(resumedRound(null, bet('7', 'open'))).toEqual(bet('7', 'open'));
  });

  it('keeps a round the page saw settle: an answer that left before the cash-out does not reopen it', () => {
    const settled = bet('12', 'won');
    expect(resumedRound(settled, bet('12', 'open'))).toBe(settled);
  });

  it('keeps a later round than the one on the wire, comparing ids as numbers (10 after 9, past 2^31)', () => {
    const later = bet('10', 'lost');
    expect(resumedRound(later, bet('9', 'open'))).toBe(later);
    const big = bet('2147483649', 'open');
    expect(resumedRound(big, bet('2147483648', 'open'))).toBe(big);
  });

  it('takes a newer round or a newer view of the same open round from the server', () => {
    expect(resumedRound(bet('9', 'won'), bet('10', 'open'))).toEqual(bet('10', 'open'));
    const fresher = { ...bet('10', 'open'), outcome: { revealed: [1, 2] } } as BetView;
    expect(resumedRound(bet('10', 'open'), fresher)).toBe(fresher);
  });
});

describe('endedElsewhere: the page shows a round open that the server no longer holds open', () => {
  it('shows how the round ended when another client settled it', () => {
    const ended = bet('2147483650', 'lost');
    expect(endedElsewhere(bet('2147483650', 'open'), ended)).toBe(ended);
  });

  it('keeps what the page has when the read is about another round, is still open, or the page settled it itself', () => {
    const open = bet('11', 'open');
    expect(endedElsewhere(open, bet('1', 'won'))).toBe(open);
    expect(endedElsewhere(open, bet('11', 'open'))).toBe(open);
    const own = bet('11', 'won');
    expect(endedElsewhere(own, bet('11', 'lost'))).toBe(own);
    expect(endedElsewhere(null, bet('11', 'lost'))).toBeNull();
  });
});
