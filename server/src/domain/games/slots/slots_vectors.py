#!/usr/bin/env python3
"""Golden vectors for the original video slot, from an implementation of ../shared/FAIRNESS.md ("Slots") and the
published tables of docs/fairness.md that shares no code with the TypeScript one (server/src/domain/games/slots).
It also computes the exact RTP its own way (Fractions, a memoised recursion over the free-spin chain).

    python3 server/src/domain/games/slots/slots_vectors.py   # rewrites server/src/domain/games/slots/slots-vectors.json
"""
import hashlib
import hmac
import itertools
import json
import math
import os
from fractions import Fraction
from functools import lru_cache

STRIPS = [s.split() for s in [
    'Q A B K J 7 B K G J 7 B K Q J G K A Q A Q J W A G Q S J',
    'J S K W A J B G Q G B A Q A J K Q K G 7 J W J K Q A B Q 7',
    'A J Q S B A Q G K A J 7 K B W A J Q W G K Q B 7 J Q K G J',
    'S A 7 K G Q W B A B K Q J 7 Q J K A J Q B K Q J A G W J G',
    '7 B W S K A J Q G K J A B Q J A J G Q K J B 7 Q K Q A G',
]]
LINES = ['11111', '00000', '22222', '01210', '21012', '00122', '22100', '10001', '12221', '10121',
         '12101', '01110', '21112', '01010', '21212', '11011', '11211', '00200', '22022', '02220']
PAYS = {'J': (5, 15, 30), 'Q': (5, 15, 40), 'K': (10, 25, 60), 'A': (10, 30, 80), 'G': (15, 50, 150),
        'B': (20, 75, 250), '7': (30, 120, 500), 'W': (50, 200, 1000)}
SCATTER = {3: (2, 10), 4: (10, 15), 5: (50, 20)}  # count: (pays on the stake, free spins)
FREE_MULT = 2
CAP = 100


def floats(seed, client, nonce, count):
    out = []
    for i in range(count):
        digest = hmac.new(seed.encode(), f'{client}:{nonce}:{i // 8}'.encode(), hashlib.sha256).digest()
        b = digest[(i % 8) * 4:(i % 8) * 4 + 4]
        out.append(b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4)
    return out


def line_pay(symbols):
    """(symbol, count, line bets) or None: the wild run alone or a symbol's run with wilds, the higher (wild on a tie)."""
    w = 0
    while w < 5 and symbols[w] == 'W':
        w += 1
    best = ('W', w, PAYS['W'][w - 3]) if w >= 3 else None
    if w < 5 and symbols[w] != 'S':
        s = symbols[w]
        c = w
        while c < 5 and symbols[c] in (s, 'W'):
            c += 1
        if c >= 3 and PAYS[s][c - 3] > (best[2] if best else 0):
            best = (s, c, PAYS[s][c - 3])
    return best


def text(twentieths):
    value = Fraction(twentieths, 20)
    if value.denominator == 1:
        return str(value.numerator)
    return ('%.2f' % float(value)).rstrip('0')


def spin(stops, free):
    grid = [[STRIPS[k][(stops[k] + row - 1) % len(STRIPS[k])] for k in range(5)] for row in range(3)]
    mult = FREE_MULT if free else 1
    lines = []
    units = 0
    for n, rows in enumerate(LINES):
        pay = line_pay([grid[int(r)][k] for k, r in enumerate(rows)])
        if pay:
            units += pay[2] * mult
            lines.append({'line': n + 1, 'symbol': pay[0], 'count': pay[1], 'multiplier': text(pay[2] * mult)})
    scatters = sum(row.count('S') for row in grid)
    pays, award = SCATTER.get(min(scatters, 5), (0, 0))
    units += pays * 20 * mult
    return {'stops': stops, 'lines': lines, 'scatter': {'count': scatters, 'multiplier': text(pays * 20 * mult)},
            'free': free, 'multiplier': text(units)}, units, award


def bet(seed, client, nonce):
    f = floats(seed, client, nonce, 5 * (CAP + 1))
    spins, total, awarded, i = [], 0, 0, 0
    while i <= awarded:
        stops = [math.floor(f[i * 5 + k] * len(STRIPS[k])) for k in range(5)]
        s, units, award = spin(stops, i > 0)
        won = min(award, CAP - awarded)
        awarded += won
        total += units
        spins.append({**s, 'freeSpinsWon': won})
        i += 1
    return {'spins': spins, 'multiplier': text(total)}, total


def exact_rtp():
    size = 1
    for strip in STRIPS:
        size *= len(strip)
    counts = [{s: strip.count(s) for s in set(strip)} for strip in STRIPS]
    line = Fraction(0)
    for combo in itertools.product(*[list(c) for c in counts]):
        pay = line_pay(combo)
        if pay:
            ways = 1
            for k, s in enumerate(combo):
                ways *= counts[k][s]
            line += Fraction(ways * pay[2], size)
    # P(n scatters): each reel's share of windows holding a scatter, reels independent.
    per_reel = []
    for strip in STRIPS:
        dist = [0] * 4
        for stop in range(len(strip)):
            dist[sum(strip[(stop + r - 1) % len(strip)] == 'S' for r in range(3))] += 1
        per_reel.append([Fraction(d, len(strip)) for d in dist])
    odds = [Fraction(1)]
    for dist in per_reel:
        nxt = [Fraction(0)] * (len(odds) + 3)
        for i, a in enumerate(odds):
            for j, b in enumerate(dist):
                nxt[i + j] += a * b
        odds = nxt
    scatter = sum(p * SCATTER.get(min(n, 5), (0, 0))[0] for n, p in enumerate(odds))

    @lru_cache(maxsize=None)
    def final(awarded, played):
        if played == awarded:
            return Fraction(awarded)
        return sum(p * final(min(CAP, awarded + SCATTER.get(min(n, 5), (0, 0))[1]), played + 1) for n, p in enumerate(odds) if p)

    free = sum(p * final(min(CAP, SCATTER.get(min(n, 5), (0, 0))[1]), 0) for n, p in enumerate(odds) if p)
    return (line + scatter) * (1 + FREE_MULT * free), line, scatter, free


def main():
    import sys
    sys.setrecursionlimit(100000)
    seeds = [hashlib.sha256(f'bzu-slots-{i}'.encode()).hexdigest() for i in range(4)] + ['0' * 64]
    clients = ['a', 'lucky client seed', 'x' * 64]
    bets = []
    for s in seeds:
        for c in clients:
            for n in [0, 1, 2, 7, 42, 1000, 65535, 2147483647]:
                outcome, _ = bet(s, c, n)
                bets.append({'serverSeed': s, 'clientSeed': c, 'nonce': n, 'outcome': outcome})
    # Bets with free spins (and a retrigger) found by walking nonces, so the vectors cover them.
    seed, client = seeds[0], 'free spins'
    free, retrigger, nonce = [], None, 0
    while len(free) < 8 or retrigger is None:
        outcome, _ = bet(seed, client, nonce)
        if len(outcome['spins']) > 1:
            if len(free) < 8:
                free.append({'serverSeed': seed, 'clientSeed': client, 'nonce': nonce, 'outcome': outcome})
            if retrigger is None and any(s['freeSpinsWon'] for s in outcome['spins'][1:]):
                retrigger = {'serverSeed': seed, 'clientSeed': client, 'nonce': nonce, 'outcome': outcome}
        nonce += 1
    rtp, line, scatter, spins = exact_rtp()
    out = {'note': 'generated by server/src/domain/games/slots/slots_vectors.py', 'bets': bets + free + [retrigger],
           'rtp': {'num': str(rtp.numerator), 'den': str(rtp.denominator)},
           'lines': {'num': str(line.numerator), 'den': str(line.denominator)},
           'scatters': {'num': str(scatter.numerator), 'den': str(scatter.denominator)},
           'freeSpins': {'num': str(spins.numerator), 'den': str(spins.denominator)}}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'slots-vectors.json')
    with open(path, 'w') as fh:
        json.dump(out, fh, indent=1)
        fh.write('\n')
    print(f'wrote {path}: {len(out["bets"])} bets ({len(free)} with free spins, retrigger at nonce {retrigger["nonce"]}), RTP {float(rtp):.10f}')


if __name__ == '__main__':
    main()
