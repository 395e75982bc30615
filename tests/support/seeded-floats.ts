/** Simulations of return to player (unit tests): floats from a fast seeded generator instead of HMAC. */

/** sfc32 (warmed up): a fast seeded source of 32-bit floats, the same granularity as the HMAC floats (k / 2^32). */
export function seededFloats(seed: number): (count: number) => number[] {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    let t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    t >>>= 0;
    return t / 2 ** 32;
  };
  for (let i = 0; i < 32; i += 1) next();
  return (count) => Array.from({ length: count }, next);
}
