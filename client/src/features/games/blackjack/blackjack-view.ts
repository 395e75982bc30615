/** What the blackjack table shows of a round's outcome (API.md): totals, hand results, actions and their keys. */
import type { BlackjackAction } from '../../../../../server/src/domain/games/blackjack/rules';

export interface HandView {
  cards: number[];
  total: number;
  soft: boolean;
  amount: string;
  doubled: boolean;
  state: 'playing' | 'waiting' | 'stood' | 'bust' | 'blackjack' | 'won' | 'push' | 'lost';
}
export interface BlackjackOutcomeView {
  hands: HandView[];
  dealer: { cards: number[]; total: number; soft: boolean };
  insurance?: { state: 'offered' | 'taken' | 'declined'; amount: string };
  actions: BlackjackAction[];
  played: BlackjackAction[];
}

/** "7/17" for a soft total (the ace as 1 or 11), "17" for a hard one. */
export function totalLabel(total: number, soft: boolean): string {
  return soft && total < 21 ? `${total - 10}/${total}` : String(total);
}

/** The buttons in table order, each with its keyboard shortcut (Q W E R as the row of keys under the fingers). */
export const ACTION_BUTTONS: readonly { action: BlackjackAction; label: string; key: string }[] = [
  { action: 'hit', label: 'Hit', key: 'Q' },
  { action: 'stand', label: 'Stand', key: 'W' },
  { action: 'double', label: 'Double', key: 'E' },
  { action: 'split', label: 'Split', key: 'R' },
  { action: 'insurance', label: 'Insurance', key: 'I' },
  { action: 'noInsurance', label: 'No insurance', key: 'N' },
];

/** The allowed action a key press asks for, if any. */
export function actionForKey(key: string, allowed: readonly BlackjackAction[]): BlackjackAction | null {
  const button = ACTION_BUTTONS.find((b) => b.key === key.toUpperCase());
  return button && allowed.includes(button.action) ? button.action : null;
}

const RESULT_TEXT: Partial<Record<HandView['state'], string>> = {
  blackjack: 'Blackjack',
  won: 'Win',
  push: 'Push',
  lost: 'Lose',
  bust: 'Bust',
};

/** A hand's result line: "Bust" for a lost hand over 21, else the result; nothing while it is in play. */
export function handResult(hand: Pick<HandView, 'state' | 'total'>): string | null {
  if (hand.state === 'lost' && hand.total > 21) return 'Bust';
  return RESULT_TEXT[hand.state] ?? null;
}
