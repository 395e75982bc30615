#!/usr/bin/env python3
"""Golden vectors for roulette, from an implementation of ../shared/FAIRNESS.md ("Roulette (European)") that shares
no code with the TypeScript one (server/src/domain/games/roulette/rules.ts). The layout is described here the way
a table is drawn (a 3 x 12 grid of numbers), not the way rules.ts enumerates it.

    python3 server/src/domain/games/roulette/roulette_vectors.py   # rewrites server/src/domain/games/roulette/roulette-vectors.json
"""
import hashlib
import hmac
import json
import math
import os

RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
# grid[col][row]: the table seen from the dealer, column 0 holds 1, 4, 7 ... 34.
GRID = [[row * 3 + col + 1 for row in range(12)] for col in range(3)]


def float0(seed, client, nonce):
    digest = hmac.new(seed.encode('utf-8'), f'{client}:{nonce}:0'.encode('utf-8'), hashlib.sha256).digest()
    b = digest[0:4]
    return b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4


def layout():
    """Every bet of each type, as sorted tuples, from the grid's geometry."""
    bets = {t: set() for t in ['straight', 'split', 'street', 'corner', 'sixline', 'column', 'dozen']}
    for n in range(37):
        bets['straight'].add((n,))
    for z in (1, 2, 3):
        bets['split'].add((0, z))
    for col in range(3):
        for row in range(12):
            n = GRID[col][row]
            if col < 2:
                bets['split'].add(tuple(sorted((n, GRID[col + 1][row]))))
            if row < 11:
                bets['split'].add(tuple(sorted((n, GRID[col][row + 1]))))
            if col < 2 and row < 11:
                bets['corner'].add(tuple(sorted((n, GRID[col + 1][row], GRID[col][row + 1], GRID[col + 1][row + 1]))))
    for row in range(12):
        street = tuple(sorted(GRID[c][row] for c in range(3)))
        bets['street'].add(street)
        if row < 11:
            bets['sixline'].add(tuple(sorted(street + tuple(GRID[c][row + 1] for c in range(3)))))
    for col in range(3):
        bets['column'].add(tuple(sorted(GRID[col])))
    for d in range(3):
        bets['dozen'].add(tuple(range(d * 12 + 1, d * 12 + 13)))
    return {t: sorted(v) for t, v in bets.items()}


OUTSIDE = {
    'red': lambda n: n in RED,
    'black': lambda n: n != 0 and n not in RED,
    'odd': lambda n: n % 2 == 1,
    'even': lambda n: n != 0 and n % 2 == 0,
    'low': lambda n: 1 <= n <= 18,
    'high': lambda n: 19 <= n <= 36,
}


def covers(chip):
    if chip['type'] in OUTSIDE:
        return [n for n in range(1, 37) if OUTSIDE[chip['type']](n)]
    return chip['numbers']


def settle(pocket, chips):
    results = []
    total = 0  # exact: 36 / k is a whole number for every k a bet can cover
    for chip in chips:
        c = covers(chip)
        pay = chip['amount'] * 36 // len(c) if pocket in c else 0
        assert pay * len(c) == chip['amount'] * 36 or pay == 0
        total += pay
        results.append({**chip, 'payout': pay})
    return results, total


class Lcg:
    """Picks the vectors' chips reproducibly (not part of the game)."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2 ** 64
        return (self.state >> 33) % bound


def random_chips(rng, bets):
    types = list(bets) + list(OUTSIDE)
    chips = []
    for _ in range(1 + rng.next(6)):
        t = types[rng.next(len(types))]
        numbers = list(bets[t][rng.next(len(bets[t]))]) if t in bets else []
        chips.append({'type': t, 'numbers': numbers, 'amount': (1 + rng.next(1000)) * 10 ** rng.next(8)})
    return chips


def server_seed(label):
    return hashlib.sha256(label.encode()).hexdigest()


def main():
    bets = layout()
    rng = Lcg(25)
    seeds = [server_seed('bzu-roulette-1'), server_seed('bzu-roulette-2'), '0' * 64, 'f' * 64]
    clients = ['a', 'lucky client seed', '~!@#$%^&*()_+{}|:"<>?`-=[];\',./', 'x' * 64]
    nonces = [0, 1, 2, 7, 42, 1000, 65535, 2147483647]
    spins = []
    for s in seeds:
        for c in clients:
            for n in nonces:
                f = float0(s, c, n)
                pocket = math.floor(f * 37)
                chips = random_chips(rng, bets)
                results, payout = settle(pocket, chips)
                spins.append({'serverSeed': s, 'clientSeed': c, 'nonce': n, 'float': f, 'pocket': pocket,
                              'chips': [{**r, 'amount': str(r['amount']), 'payout': str(r['payout'])} for r in results],
                              'payout': str(payout)})
    # Every pocket under every bet of every type: what one unit returns (36/k or 0), as a 37-long row per bet.
    returns = []
    for t in list(bets) + list(OUTSIDE):
        for numbers in (bets[t] if t in bets else [()]):
            chip = {'type': t, 'numbers': list(numbers), 'amount': 1}
            returns.append({'type': t, 'numbers': list(numbers), 'returns': [settle(p, [chip])[1] for p in range(37)]})
    third_party = [{'serverSeed': 'server seed', 'clientSeed': 'client seed', 'nonce': n,
                    'pocket': math.floor(float0('server seed', 'client seed', n) * 37)} for n in (1, 2)]
    out = {'note': 'generated by server/src/domain/games/roulette/roulette_vectors.py; amounts and payouts in 1e-8 units',
           'layout': {t: [list(b) for b in v] for t, v in bets.items()},
           'spins': spins, 'returns': returns, 'thirdParty': third_party}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'roulette-vectors.json')
    with open(path, 'w') as fh:
        json.dump(out, fh, indent=1)
        fh.write('\n')
    print(f'wrote {path}: {len(spins)} spins, {len(returns)} bets x 37 pockets, third party {third_party}')


if __name__ == '__main__':
    main()
