#!/usr/bin/env python3
"""Golden vectors for crash (../shared/FAIRNESS.md "Round games"), from an implementation that shares no code with
the TypeScript one (server/src/domain/games/crash/rules.ts, server/src/domain/rounds/hash-chain.ts). Python floats
are IEEE doubles, so `99 / (1 - X)` and `exp(0.00006 t)` evaluate bit for bit as in JavaScript.

    python3 server/src/domain/games/crash/crash_vectors.py   # rewrites server/src/domain/games/crash/crash-vectors.json
"""
import hashlib
import hmac
import json
import math
import os

SEED = hashlib.sha256(b'crash golden chain seed').hexdigest()
LENGTH = 200
SALT = '0000000000000000000301e8b3a4f5a1c7b1b2a4a8e1f0c3d2e5a6b7c8d9e0f1'


def chain(seed, length):
    """h[length] = seed, h[i-1] = sha256(hex h[i]); returns [h[0], ..., h[length]]."""
    hashes = [seed]
    for _ in range(length):
        hashes.append(hashlib.sha256(hashes[-1].encode('ascii')).hexdigest())
    return list(reversed(hashes))


def crash_point(salt, round_hash):
    h = hmac.new(salt.encode('utf-8'), round_hash.encode('utf-8'), hashlib.sha256).hexdigest()
    x = int(h[:13], 16) / 2 ** 52
    return h, max(100, math.floor(99 / (1 - x)))


def multiplier_at(t):
    return math.floor(100 * math.exp(0.00006 * t)) if t > 0 else 100


def main():
    hashes = chain(SEED, LENGTH)
    rounds = []
    for n in range(1, LENGTH + 1):
        value, crash = crash_point(SALT, hashes[n])
        rounds.append({'number': n, 'hash': hashes[n], 'roundValue': value, 'crashPoint': crash})
    curve = [{'ms': t, 'multiplier': multiplier_at(t)} for t in [0, 1, 100, 1000, 5000, 11552, 11553, 20000, 38376, 76753, 115129, 153506]]
    out = {
        'seed': SEED,
        'length': LENGTH,
        'terminalHash': hashes[0],
        'salt': SALT,
        'rounds': rounds,
        'curve': curve,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'crash-vectors.json')
    with open(path, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
