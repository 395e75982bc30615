/**
 * The exact return under optimal holds that exact-rtp.ts computes (`npx tsx server/src/domain/games/video-poker/
 * print-rtp.ts` prints it), kept as a constant so the catalogue does not run a 2.6-million-hand program at boot;
 * exact-rtp.unit.test.ts recomputes it and fails when the two differ.
 */
import type { Ratio } from '../shared/ratio.js';

/** 99.5439043695...% */
export const VIDEO_POKER_RTP: Ratio = { num: 1_653_526_326_983n, den: 1_661_102_543_100n };
