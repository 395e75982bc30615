/**
 * A declared RTP in percent ("96.5", at most 4 decimals) as the house edge in ppm, exactly: 96.5 % -> 35000.
 * The accruals (XP, rakeback) weigh a wager by this edge, as they do an original's.
 */
export function houseEdgePpmOfRtp(rtpPercent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(rtpPercent);
  if (!match) throw new RangeError(`not an RTP percentage: ${rtpPercent}`);
  const rtpPpm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (rtpPpm <= 0 || rtpPpm > 1_000_000) throw new RangeError(`RTP out of range: ${rtpPercent}`);
  return 1_000_000 - rtpPpm;
}
