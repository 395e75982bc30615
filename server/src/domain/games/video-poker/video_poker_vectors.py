#!/usr/bin/env python3
"""Golden vectors for video poker from an implementation of FAIRNESS.md ("Bytes and floats", "Cards", "Video poker")
that shares no code with the TypeScript one (rules.ts next to this file).

- rounds: seeds -> the ten cards, a hold plan, the final hand, its category and the payout of a fixed stake;
- holds: a few fixed dealt hands with the exact value of all 32 holds, by drawing every replacement (brute force,
  about a minute in all), for rules.ts holdValues.

    python3 server/src/domain/games/video-poker/video_poker_vectors.py   # rewrites video-poker-vectors.json
"""
import hashlib
import hmac
import itertools
import json
import math
import os
from fractions import Fraction

def server_seed(label):
    return hashlib.sha256(label.encode()).hexdigest()

def floats(seed, client, nonce, count):
    out = []
    for i in range(count):
        digest = hmac.new(seed.encode('utf-8'), f'{client}:{nonce}:{i // 8}'.encode('utf-8'), hashlib.sha256).digest()
        j = (i % 8) * 4
        b = digest[j:j + 4]
        out.append(b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4)
    return out

SUITS = '♦♥♠♣'
NAMES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']
PAYS = {'royalFlush': 800, 'straightFlush': 50, 'fourOfAKind': 25, 'fullHouse': 9, 'flush': 6, 'straight': 4,
        'threeOfAKind': 3, 'twoPair': 2, 'jacksOrBetter': 1, 'nothing': 0}

def label(card):
    return SUITS[card % 4] + NAMES[card // 4]

def card_of(text):
    return NAMES.index(text[1:]) * 4 + SUITS.index(text[0])

def deal(f):
    pool = list(range(52))
    return [pool.pop(math.floor(f[k] * (52 - k))) for k in range(10)]

def category(hand):
    # rank 2 = 2 .. 14 = ace; the wheel A-2-3-4-5 counts the ace low
    ranks = sorted((c // 4 + 2 for c in hand), reverse=True)
    flush = len({c % 4 for c in hand}) == 1
    shape = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    distinct = len(set(ranks)) == 5
    straight = distinct and (ranks[0] - ranks[4] == 4 or ranks == [14, 5, 4, 3, 2])
    if straight and flush:
        return 'royalFlush' if ranks[0] == 14 and ranks[4] == 10 else 'straightFlush'
    if shape[0] == 4:
        return 'fourOfAKind'
    if shape == [3, 2]:
        return 'fullHouse'
    if flush:
        return 'flush'
    if straight:
        return 'straight'
    if shape[0] == 3:
        return 'threeOfAKind'
    if shape == [2, 2, 1]:
        return 'twoPair'
    if shape[0] == 2:
        pair = next(r for r in ranks if ranks.count(r) == 2)
        return 'jacksOrBetter' if pair >= 11 else 'nothing'
    return 'nothing'

def draw(cards, held):
    replacements = iter(cards[5:])
    return [cards[p] if p in held else next(replacements) for p in range(5)]

def plan_hold(plan, dealt):
    if plan == 'none':
        return []
    if plan == 'all':
        return [0, 1, 2, 3, 4]
    if plan == 'pairs':
        # every card whose rank appears more than once
        ranks = [c // 4 for c in dealt]
        return [p for p in range(5) if ranks.count(ranks[p]) > 1]
    if plan == 'high':
        return [p for p in range(5) if dealt[p] // 4 >= 9]
    if plan == 'odd':
        return [1, 3]
    return [0, 4]

def rounds():
    out = []
    clients = ['a', 'video-poker', 'Zebra 42!', '~`|{}']
    nonces = [0, 1, 7, 99, 4242, 2 ** 31 + 5]
    plans = ['none', 'all', 'pairs', 'high', 'odd', 'ends']
    amount = 123_456_789
    i = 0
    for s in range(8):
        seed = server_seed(f'video-poker-{s}')
        for client in clients:
            for nonce in nonces:
                plan = plans[i % len(plans)]
                i += 1
                f = floats(seed, client, nonce, 10)
                cards = deal(f)
                held = plan_hold(plan, cards[:5])
                final = draw(cards, held)
                hand = category(final)
                out.append({'serverSeed': seed, 'clientSeed': client, 'nonce': nonce, 'plan': plan,
                            'cards': cards, 'labels': [label(c) for c in cards], 'held': held,
                            'final': [label(c) for c in final], 'hand': hand, 'amount': str(amount),
                            'payout': str(amount * PAYS[hand])})
    return out

def hold_values(dealt):
    unseen = [c for c in range(52) if c not in dealt]
    values = []
    for mask in range(32):
        kept = [dealt[p] for p in range(5) if mask >> p & 1]
        total = 0
        count = 0
        for extra in itertools.combinations(unseen, 5 - len(kept)):
            total += PAYS[category(kept + list(extra))]
            count += 1
        values.append(Fraction(total, count))
    return values

# Hands whose best hold is a known textbook case (4 to a royal over a made flush, a low pair over 4 to an outside
# straight, suited high cards, a dealt royal, nothing at all) plus one of every made category.
HOLD_HANDS = [
    ['♥A', '♥K', '♥Q', '♥J', '♥3'],
    ['♠4', '♦4', '♣7', '♥8', '♠9'],
    ['♦K', '♦Q', '♠J', '♣5', '♥2'],
    ['♣10', '♣J', '♣Q', '♣K', '♣A'],
    ['♦2', '♥7', '♠9', '♣J', '♦4'],
    ['♥10', '♥J', '♥Q', '♥K', '♠10'],
]

def holds():
    out = []
    for hand in HOLD_HANDS:
        dealt = [card_of(t) for t in hand]
        values = hold_values(dealt)
        best = max(range(32), key=lambda m: (values[m], -m))
        out.append({'dealt': hand, 'values': [[str(v.numerator), str(v.denominator)] for v in values], 'best': best})
    return out

if __name__ == '__main__':
    data = {'note': 'generated by video_poker_vectors.py; amounts and payouts in 1e-8 units; hold masks: bit i = '
                    'position i held', 'rounds': rounds(), 'holds': holds()}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'video-poker-vectors.json')
    with open(path, 'w', encoding='utf-8') as out:
        json.dump(data, out, indent=1, ensure_ascii=False)
        out.write('\n')
    print(f"wrote {len(data['rounds'])} rounds and {len(data['holds'])} hold tables to {path}")
