#!/usr/bin/env python3
"""Golden vectors for 75-ball bingo (../shared/FAIRNESS.md "Round games"), from an implementation that shares no code
with the TypeScript one (server/src/domain/games/bingo/rules.ts): chain hashes + salt -> draw orders, and for a few
cards the balls on which they complete one line, two lines and the full house, and a pot's split.

    python3 server/src/domain/games/bingo/bingo_vectors.py   # rewrites server/src/domain/games/bingo/bingo-vectors.json
"""
import hashlib
import hmac
import json
import os

SEED = hashlib.sha256(b'bingo golden chain seed').hexdigest()
LENGTH = 40
SALT = '00000000000000000002a7c4c1e48d76c5a37902165a270156b7a8d72728a054'


def chain(seed, length):
    hashes = [seed]
    for _ in range(length):
        hashes.append(hashlib.sha256(hashes[-1].encode('ascii')).hexdigest())
    return list(reversed(hashes))


def floats(salt, round_hash, count):
    out = []
    block = 0
    while len(out) < count:
        digest = hmac.new(salt.encode('utf-8'), f'{round_hash}:{block}'.encode('utf-8'), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            b = digest[i:i + 4]
            out.append(b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4)
        block += 1
    return out[:count]


def draw(salt, round_hash):
    pool = list(range(1, 76))
    order = []
    for k, f in enumerate(floats(salt, round_hash, 75)):
        idx = int(f * (75 - k))
        order.append(pool.pop(idx))
    return order


def card_from(order, offset):
    """A valid card: for each column, the first 5 (N: 4) of its numbers in the draw order after `offset` balls."""
    columns = []
    for c in range(5):
        mine = [b for b in order[offset:] + order[:offset] if (b - 1) // 15 == c]
        columns.append(mine[:4] if c == 2 else mine[:5])
    card = []
    for r in range(5):
        for c in range(5):
            if c == 2:
                card.append(0 if r == 2 else columns[2][r if r < 2 else r - 1])
            else:
                card.append(columns[c][r])
    return card


LINES = [[r * 5 + c for c in range(5)] for r in range(5)] + [[r * 5 + c for r in range(5)] for c in range(5)] + [[0, 6, 12, 18, 24], [4, 8, 12, 16, 20]]


def times(card, order):
    at = {b: i + 1 for i, b in enumerate(order)}
    cell = lambda i: 0 if i == 12 else at[card[i]]
    lines = sorted(max(cell(i) for i in line) for line in LINES)
    return {'oneLine': lines[0], 'twoLines': lines[1], 'fullHouse': max(cell(i) for i in range(25))}


def split(amount, winners):
    share, rest = divmod(amount, winners)
    return [share + (1 if i < rest else 0) for i in range(winners)]


def main():
    hashes = chain(SEED, LENGTH)
    rounds = []
    for n in range(1, 11):
        order = draw(SALT, hashes[n])
        cards = [card_from(order, off) for off in (0, 20, 40)]
        rounds.append({'number': n, 'hash': hashes[n], 'draw': order, 'cards': [{'card': c, 'times': times(c, order)} for c in cards]})
    splits = [{'amount': a, 'winners': w, 'shares': split(a, w)} for a, w in [(1000000000, 3), (4500000001, 7), (5, 2), (100, 1)]]
    out = {'seed': SEED, 'length': LENGTH, 'terminalHash': hashes[0], 'salt': SALT, 'rounds': rounds, 'splits': splits}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'bingo-vectors.json')
    with open(path, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
