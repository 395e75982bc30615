import { createStore, useStore } from '../../lib/external-store';

/** One pick in the slip: `odds` is what the player saw and accepted (sent with the bet). */
export interface SlipPick {
  selectionId: string;
  eventId: string;
  event: string;
  market: string;
  selection: string;
  odds: string;
}

export type SlipMode = 'single' | 'multi';
export type OddsPolicy = 'any' | 'higher' | 'none';

export interface SlipState {
  picks: SlipPick[];
  mode: SlipMode;
  /** Stake per single, by selection id, and the multi's stake. */
  stakes: Record<string, string>;
  multiStake: string;
  policy: OddsPolicy;
  currency: 'USD' | 'BZU';
  /** Kept until the bets are placed, so a retried submit reuses the same client ids (idempotent). */
  submissionId: string;
  open: boolean;
}

const MAX_PICKS = 10;

function newSubmissionId(): string {
  return crypto.randomUUID().replace(/-/g, '').slice(0, 20);
}

const slip = createStore<SlipState>(() => ({
  picks: [],
  mode: 'single',
  stakes: {},
  multiStake: '',
  policy: 'higher',
  currency: 'USD',
  submissionId: newSubmissionId(),
  open: false,
}));

function set(next: Partial<SlipState>): void {
  slip.set((state) => ({ ...state, ...next }));
}

export function getSlip(): SlipState {
  return slip.get();
}

export function useBetSlip(): SlipState {
  return useStore(slip);
}

/**
 * Adds a pick, or removes it when it is already there. In a multi a second pick of one event replaces the first (a
 * multi takes one selection per event); singles are separate bets, so there both stay.
 */
export function togglePick(pick: SlipPick): void {
  const state = slip.get();
  if (state.picks.some((existing) => existing.selectionId === pick.selectionId)) {
    removePick(pick.selectionId);
    return;
  }
  const others =
    state.mode === 'multi' ? state.picks.filter((existing) => existing.eventId !== pick.eventId) : state.picks;
  if (others.length >= MAX_PICKS) return;
  const picks = [...others, pick];
  set({
    picks,
    mode: picks.length > 1 && state.mode === 'multi' ? 'multi' : state.mode,
    submissionId: newSubmissionId(),
    open: true,
  });
}

export function removePick(selectionId: string): void {
  const state = slip.get();
  const { [selectionId]: _removed, ...stakes } = state.stakes;
  void _removed;
  set({
    picks: state.picks.filter((pick) => pick.selectionId !== selectionId),
    stakes,
    submissionId: newSubmissionId(),
  });
}

export function clearSlip(): void {
  set({ picks: [], stakes: {}, multiStake: '', submissionId: newSubmissionId() });
}

export function setMode(mode: SlipMode): void {
  set({ mode, submissionId: newSubmissionId() });
}

export function setStake(selectionId: string, stake: string): void {
  const state = slip.get();
  set({ stakes: { ...state.stakes, [selectionId]: stake }, submissionId: newSubmissionId() });
}

export function setMultiStake(stake: string): void {
  set({ multiStake: stake, submissionId: newSubmissionId() });
}

export function setPolicy(policy: OddsPolicy): void {
  set({ policy });
}

export function setCurrency(currency: 'USD' | 'BZU'): void {
  set({ currency, submissionId: newSubmissionId() });
}

/** Takes the current odds for the given picks (the player accepted the change). */
export function acceptOdds(current: Record<string, string>): void {
  const state = slip.get();
  set({
    picks: state.picks.map((pick) =>
      current[pick.selectionId] ? { ...pick, odds: current[pick.selectionId]! } : pick,
    ),
    submissionId: newSubmissionId(),
  });
}

export function setSlipOpen(open: boolean): void {
  set({ open });
}

/** After placing: the placed picks leave the slip, and the next submission gets fresh ids. */
export function removePlaced(selectionIds: string[]): void {
  const state = slip.get();
  const placed = new Set(selectionIds);
  set({
    picks: state.picks.filter((pick) => !placed.has(pick.selectionId)),
    stakes: {},
    multiStake: '',
    submissionId: newSubmissionId(),
  });
}

/** Picks that share an event with an earlier pick: a multi cannot combine them. */
export function sameEventPicks(picks: readonly SlipPick[]): SlipPick[] {
  const seen = new Set<string>();
  return picks.filter((pick) => (seen.has(pick.eventId) ? true : (seen.add(pick.eventId), false)));
}
