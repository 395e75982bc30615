import { Box, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatHundredths, multiplierAt } from '../../../../../server/src/domain/games/crash/rules';
import { elapsedMs, type CrashClock } from '../../rounds/round-clock';
import type { CrashRound } from './use-crash-round';

/** The rising curve and the multiplier, drawn every frame from the round's start on the server's clock. */
export function CrashCanvas({ round, clock }: { round: CrashRound | null; clock: CrashClock }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [now, setNow] = useState(() => Date.now());
  const running = round?.state === 'running' && round.startedAt;
  const betting = round?.state === 'betting';
  useEffect(() => {
    if (running) {
      let frame = requestAnimationFrame(function tick() {
        setNow(Date.now());
        frame = requestAnimationFrame(tick);
      });
      return () => cancelAnimationFrame(frame);
    }
    // The betting countdown only needs a few ticks a second.
    if (!betting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running, betting]);

  const busted = round?.state === 'ended' && round.crashPoint;
  const ms = round?.startedAt
    ? busted && round.endedAt
      ? Date.parse(round.endedAt) - Date.parse(round.startedAt)
      : elapsedMs(round.startedAt, clock, now)
    : 0;
  const shown = busted
    ? Math.round(Number(round.crashPoint) * 100)
    : round?.state === 'running'
      ? multiplierAt(ms)
      : 100;

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const width = el.clientWidth;
    const height = el.clientHeight;
    el.width = width * ratio;
    el.height = height * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    // The axes grow with the round: at least 8 s and 2x, so the start is not a flat line.
    const spanMs = Math.max(8_000, ms * 1.15);
    const top = Math.max(2, (shown / 100) * 1.15);
    const x = (t: number) => 24 + (t / spanMs) * (width - 36);
    const y = (m: number) => height - 20 - ((m - 1) / (top - 1)) * (height - 36);
    ctx.strokeStyle = 'rgba(128,128,128,0.35)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(24, 8);
    ctx.lineTo(24, height - 20);
    ctx.lineTo(width - 8, height - 20);
    ctx.stroke();
    if (!round?.startedAt || round.state === 'betting' || round.state === 'queued') return;
    ctx.strokeStyle = busted ? '#e03131' : '#12b886';
    ctx.lineWidth = 3;
    ctx.beginPath();
    const steps = 80;
    for (let i = 0; i <= steps; i += 1) {
      const t = (ms * i) / steps;
      const m = Math.exp(0.00006 * t);
      if (i === 0) ctx.moveTo(x(t), y(m));
      else ctx.lineTo(x(t), y(m));
    }
    ctx.stroke();
  }, [ms, shown, busted, round?.startedAt, round?.state]);

  const waiting = !round || round.state === 'betting' || round.state === 'queued';
  const secondsLeft = round?.bettingEndsAt
    ? Math.max(0, Math.ceil((Date.parse(round.bettingEndsAt) - now - clock.offsetMs) / 1000))
    : null;
  return (
    <Box pos="relative" h={{ base: 220, sm: 320 }}>
      <canvas ref={canvas} style={{ width: '100%', height: '100%', display: 'block' }} aria-hidden />
      <Box
        pos="absolute"
        top={0}
        left={0}
        right={0}
        bottom={0}
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          pointerEvents: 'none',
        }}
      >
        <Text
          fz={{ base: 40, sm: 64 }}
          fw={800}
          ff="monospace"
          c={busted ? 'red' : waiting ? 'dimmed' : 'teal'}
          data-testid="crash-multiplier"
          data-state={round?.state ?? 'none'}
          aria-live="off"
        >
          {`${formatHundredths(shown)}x`}
        </Text>
        <Text size="sm" c="dimmed" data-testid="crash-status">
          {!round
            ? 'Waiting for the first round'
            : busted
              ? `Crashed at ${round.crashPoint}x`
              : round.state === 'cancelled'
                ? 'Round cancelled: bets refunded'
                : waiting
                  ? `Round ${round.number}: betting${secondsLeft !== null ? `, starts in ${secondsLeft} s` : ''}`
                  : `Round ${round.number}`}
        </Text>
      </Box>
    </Box>
  );
}
