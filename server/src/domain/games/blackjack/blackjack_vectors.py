#!/usr/bin/env python3
"""Golden vectors for blackjack, from an implementation of ../shared/FAIRNESS.md ("Cards", "Blackjack") and the
table conventions of docs/fairness.md that shares no code with the TypeScript one
(server/src/domain/games/blackjack/rules.ts). Each round is dealt from a seed pair and nonce and played by one of three
fixed plans; the vector records the actions the plan took, every card, each hand's result, what was staked and what
the round pays (floor of the exact sum).

    python3 server/src/domain/games/blackjack/blackjack_vectors.py   # rewrites server/src/domain/games/blackjack/blackjack-vectors.json
"""
import hashlib
import hmac
import json
import math
import os
from fractions import Fraction

RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']
SUITS = ['\u2666', '\u2665', '\u2660', '\u2663']


def floats(seed, client, nonce, count):
    out = []
    for i in range(count):
        digest = hmac.new(seed.encode('utf-8'), f'{client}:{nonce}:{i // 8}'.encode('utf-8'), hashlib.sha256).digest()
        b = digest[(i % 8) * 4:(i % 8) * 4 + 4]
        out.append(b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4)
    return out


def label(card):
    return SUITS[card % 4] + RANKS[card // 4]


def points(card):
    rank = RANKS[card // 4]
    if rank == 'A':
        return 1
    return 10 if rank in ('10', 'J', 'Q', 'K') else int(rank)


def total(cards):
    hard = sum(points(c) for c in cards)
    soft = any(points(c) == 1 for c in cards) and hard + 10 <= 21
    return (hard + 10 if soft else hard), soft


def natural(cards):
    return len(cards) == 2 and total(cards)[0] == 21


class Round:
    def __init__(self, fl, bet):
        self.fl = fl
        self.pos = 0
        self.bet = bet
        self.player = [self.card(), self.card()]
        self.up = self.card()
        self.hole = self.card()
        self.dealer = [self.up, self.hole]
        self.hands = [{'cards': self.player, 'stake': bet, 'doubled': False, 'over': False}]
        self.turn = 0
        self.insurance = None  # None, 'offered', 'taken', 'declined'
        self.insurance_stake = 0
        self.ended = False
        self.results = None
        self.actions = []
        if points(self.up) == 1:
            self.insurance = 'offered'
        else:
            self.peek()

    def card(self):
        c = math.floor(self.fl[self.pos] * 52)
        self.pos += 1
        return c

    def peek(self):
        dealer_bj = points(self.up) in (1, 10) and natural(self.dealer)
        mine = natural(self.hands[0]['cards'])
        if dealer_bj:
            self.results = ['push' if mine else 'lost']
            self.ended = True
        elif mine:
            self.results = ['blackjack']
            self.ended = True

    def allowed(self):
        if self.ended:
            return []
        if self.insurance == 'offered':
            return ['insurance', 'noInsurance']
        hand = self.hands[self.turn]
        out = ['hit', 'stand']
        if len(hand['cards']) == 2:
            out.append('double')
            if len(self.hands) == 1 and points(hand['cards'][0]) == points(hand['cards'][1]):
                out.append('split')
        return out

    def deal_to(self, hand):
        hand['cards'].append(self.card())
        if total(hand['cards'])[0] >= 21:
            hand['over'] = True

    def next_hand(self):
        while self.hands[self.turn]['over']:
            if self.turn + 1 == len(self.hands):
                self.dealer_plays()
                return
            self.turn += 1
            hand = self.hands[self.turn]
            if len(hand['cards']) == 1:
                ace = points(hand['cards'][0]) == 1
                self.deal_to(hand)
                if ace:
                    hand['over'] = True

    def dealer_plays(self):
        if any(total(h['cards'])[0] <= 21 for h in self.hands):
            while total(self.dealer)[0] < 17:
                self.dealer.append(self.card())
        d = total(self.dealer)[0]
        self.results = []
        for h in self.hands:
            t = total(h['cards'])[0]
            if t > 21:
                self.results.append('lost')
            elif d > 21 or t > d:
                self.results.append('won')
            elif t == d:
                self.results.append('push')
            else:
                self.results.append('lost')
        self.ended = True

    def do(self, action):
        assert action in self.allowed(), (action, self.allowed())
        self.actions.append(action)
        if action in ('insurance', 'noInsurance'):
            self.insurance = 'taken' if action == 'insurance' else 'declined'
            self.insurance_stake = self.bet // 2 if action == 'insurance' else 0
            self.peek()
            return
        hand = self.hands[self.turn]
        if action == 'hit':
            self.deal_to(hand)
        elif action == 'stand':
            hand['over'] = True
        elif action == 'double':
            hand['stake'] *= 2
            hand['doubled'] = True
            hand['cards'].append(self.card())
            hand['over'] = True
        elif action == 'split':
            a, b = hand['cards']
            self.hands = [{'cards': [a], 'stake': self.bet, 'doubled': False, 'over': False},
                          {'cards': [b], 'stake': self.bet, 'doubled': False, 'over': False}]
            first = self.hands[0]
            self.deal_to(first)
            if points(a) == 1:
                first['over'] = True
        self.next_hand()

    def staked(self):
        return sum(h['stake'] for h in self.hands) + self.insurance_stake

    def paid(self):
        factor = {'blackjack': Fraction(5, 2), 'won': 2, 'push': 1, 'lost': 0}
        exact = sum(h['stake'] * factor[r] for h, r in zip(self.hands, self.results))
        if self.insurance == 'taken' and natural(self.dealer):
            exact += 3 * self.insurance_stake
        return math.floor(exact)


def plan_simple(r):
    """Decline insurance; split any pair but tens; double on 10 or 11; hit under 17; else stand."""
    allowed = r.allowed()
    if 'noInsurance' in allowed:
        return 'noInsurance'
    hand = r.hands[r.turn]['cards']
    t, soft = total(hand)
    if 'split' in allowed and points(hand[0]) != 10:
        return 'split'
    if 'double' in allowed and t in (10, 11) and not soft:
        return 'double'
    return 'hit' if t < 17 else 'stand'


def plan_insure(r):
    """Take insurance; hit to 17 like the dealer."""
    allowed = r.allowed()
    if 'insurance' in allowed:
        return 'insurance'
    return 'hit' if total(r.hands[r.turn]['cards'])[0] < 17 else 'stand'


def plan_bold(r):
    """Decline insurance; double any first two cards, split every pair (aces too), stand otherwise."""
    allowed = r.allowed()
    if 'noInsurance' in allowed:
        return 'noInsurance'
    if 'split' in allowed:
        return 'split'
    if 'double' in allowed:
        return 'double'
    return 'stand'


PLANS = {'simple': plan_simple, 'insure': plan_insure, 'bold': plan_bold}


def vector(seed, client, nonce, plan, bet):
    r = Round(floats(seed, client, nonce, 52), bet)
    while not r.ended:
        r.do(PLANS[plan](r))
    return {
        'serverSeed': seed,
        'clientSeed': client,
        'nonce': nonce,
        'plan': plan,
        'bet': str(bet),
        'actions': r.actions,
        'hands': [[label(c) for c in h['cards']] for h in r.hands],
        'dealer': [label(c) for c in r.dealer],
        'results': r.results,
        'staked': str(r.staked()),
        'payout': str(r.paid()),
        'floatsUsed': r.pos,
    }


def main():
    out = []
    for i in range(120):
        seed = hashlib.sha256(f'blackjack vector {i}'.encode()).hexdigest()
        for plan in PLANS:
            # Odd and even bets: the 3:2 and the insurance halves are floored only in the total.
            out.append(vector(seed, f'client {i % 7}', i * 3 + len(plan), plan, 100_000_000 + (i % 3) * 33_333_333 + i))
    # The third-party card vector (lucasholder/fair) dealt as a round: ♠J ♥10 to the player, ♥5 up, ♣K in the hole.
    out.append(vector('server seed', 'client seed', 1, 'simple', 100_000_000))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'blackjack-vectors.json')
    with open(path, 'w', encoding='utf-8') as fh:
        json.dump(out, fh, ensure_ascii=False, indent=1)
        fh.write('\n')
    kinds = {a for v in out for a in v['actions']} | {r for v in out for r in v['results']}
    print(f'{len(out)} vectors, covering {sorted(kinds)}')


if __name__ == '__main__':
    main()
