/**
 * Prints video poker's exact return under optimal holds (exact-rtp.ts) and the markdown docs/fairness.md publishes:
 *
 *     npx tsx server/src/domain/games/video-poker/print-rtp.ts
 */
import { videoPokerExactRtp } from './exact-rtp.js';
import { rtpSection } from './rtp-doc.js';

console.log(rtpSection(videoPokerExactRtp()));
