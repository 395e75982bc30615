#!/usr/bin/env python3
"""Golden vectors for the money wheel (../shared/FAIRNESS.md "Round games", docs/fairness.md "Money wheel"), from an
implementation that shares no code with the TypeScript one (server/src/domain/games/wheel/rules.ts): the chain, the
round value H, its 8 floats, the segments with re-spins, and each bet's exact RTP with fractions.

    python3 server/src/domain/games/wheel/wheel_vectors.py   # rewrites server/src/domain/games/wheel/wheel-vectors.json
"""
import hashlib
import hmac
import json
import os
from fractions import Fraction

SEED = hashlib.sha256(b'wheel golden chain seed').hexdigest()
LENGTH = 300
SALT = '00000000000000000002a7c4c1e48d76c5a37902165a270156b7a8d72728a054'
# The published wheel, clockwise from segment 0 (docs/fairness.md).
LAYOUT = ('1 2 4 1 2 1 10 1 2 4 1 2 1 4 1 2 42 1 10 2 1 4 1 2 1 2x 1 2 4 1 2 1 7x 4 1 2 1 10 2 1 4 1 2 1 2 4 1 10 1 2 1 4 2 1').split()
VALUES = [1, 2, 4, 10, 42]
MAX_SPINS = 8


def chain(seed, length):
    hashes = [seed]
    for _ in range(length):
        hashes.append(hashlib.sha256(hashes[-1].encode('ascii')).hexdigest())
    return list(reversed(hashes))


def floats(h):
    raw = bytes.fromhex(h)
    out = []
    for i in range(8):
        b = raw[4 * i:4 * i + 4]
        out.append(b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4)
    return out


def spin(h):
    spins = []
    factor = 1
    for f in floats(h)[:MAX_SPINS]:
        seg = int(f * len(LAYOUT))
        spins.append(seg)
        label = LAYOUT[seg]
        if not label.endswith('x'):
            return {'spins': spins, 'value': int(label), 'multiplier': factor}
        factor *= int(label[:-1])
    return {'spins': spins, 'value': None, 'multiplier': factor}


def exact_rtp(value):
    """Sum over every way a round can go: k multiplier spins (each m) then `value`, at most 8 spins in all."""
    n = len(LAYOUT)
    p_value = Fraction(LAYOUT.count(str(value)), n)
    mults = [int(s[:-1]) for s in LAYOUT if s.endswith('x')]
    total = Fraction(0)
    # Enumerate sequences of multiplier segments (by segment, not by factor) explicitly.
    seqs = [(Fraction(1), 1)]  # (probability, product)
    for k in range(MAX_SPINS):
        for prob, product in seqs:
            total += prob * p_value * (1 + value * product)
        seqs = [(prob * Fraction(1, n), product * m) for prob, product in seqs for m in mults]
    return total


def main():
    hashes = chain(SEED, LENGTH)
    rounds = []
    for n in range(1, LENGTH + 1):
        value = hmac.new(SALT.encode('utf-8'), hashes[n].encode('utf-8'), hashlib.sha256).hexdigest()
        rounds.append({'number': n, 'hash': hashes[n], 'roundValue': value, **spin(value)})
    # Round values made by hand: re-spins on 2x (first byte 0x77 -> segment 25) and 7x (0x98 -> 32), and 8 multipliers.
    crafted = [
        '77000000' + '98000000' + '00000000' + 'ff' * 20,
        '98000000' * 3 + '10000000' + 'ab' * 16,
        ('77000000' + '98000000') * 4,
        '77000000' * 7 + '50000000',
    ]
    out = {
        'seed': SEED,
        'length': LENGTH,
        'terminalHash': hashes[0],
        'salt': SALT,
        'layout': LAYOUT,
        'rounds': rounds,
        'crafted': [{'roundValue': h, **spin(h)} for h in crafted],
        'rtp': [{'value': v, 'num': str(exact_rtp(v).numerator), 'den': str(exact_rtp(v).denominator)} for v in VALUES],
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'wheel-vectors.json')
    with open(path, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
