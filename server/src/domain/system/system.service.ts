export type ComponentState = 'ok' | 'down';

export interface SystemProbes {
  databaseTime(): Promise<Date>;
  redisAlive(): Promise<boolean>;
  workerLastBeat(): Promise<Date | null>;
  /** Ids of the job schedules (repeating jobs) that Redis does not hold. */
  missingSchedules(): Promise<string[]>;
}

export interface SystemStatus {
  /**
   * `unavailable` (503): Postgres or Redis does not answer. `degraded` (200): the API works but a job
   * schedule is missing, so background work (housekeeping, prices, raffles, rain, burns) has stopped.
   */
  status: 'ok' | 'degraded' | 'unavailable';
  version: string;
  time: string;
  database: ComponentState;
  redis: ComponentState;
  worker: ComponentState;
  databaseTime: string | null;
  workerLastBeat: string | null;
  /** `unknown` when the check did not answer (Redis away). */
  schedules: 'ok' | 'missing' | 'unknown';
  missingSchedules: string[];
}

export interface FeatureFlags {
  chat: boolean;
  sports: boolean;
  referrals: boolean;
  emailVerification: boolean;
  themeSwitcher: boolean;
}

export interface PublicConfig {
  appVersion: string;
  supportEmail: string;
  features: FeatureFlags;
}

export interface SystemServiceOptions {
  version: string;
  supportEmail: string;
  sportsEnabled: boolean;
  emailVerification: boolean;
  themeSwitcher: boolean;
  /** A worker whose last beat is older than this counts as down. */
  workerStaleAfterMs: number;
  /** A probe that has not answered within this counts as down, so /auth/status answers within ~2 s. */
  probeTimeoutMs?: number;
  now?: () => Date;
}

/** Health and public configuration: what every screen and operator asks first. */
export class SystemService {
  private readonly now: () => Date;

  constructor(
    private readonly probes: SystemProbes,
    private readonly options: SystemServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async status(): Promise<SystemStatus> {
    const within = this.options.probeTimeoutMs ?? 1_500;
    const [databaseTime, redisAlive, workerLastBeat, missingSchedules] = await Promise.all([
      withTimeout(this.probes.databaseTime(), within, null),
      withTimeout(this.probes.redisAlive(), within, false),
      withTimeout(this.probes.workerLastBeat(), within, null),
      withTimeout(this.probes.missingSchedules(), within, null),
    ]);
    const now = this.now();
    const workerFresh =
      workerLastBeat !== null && now.getTime() - workerLastBeat.getTime() <= this.options.workerStaleAfterMs;
    const database: ComponentState = databaseTime ? 'ok' : 'down';
    const redis: ComponentState = redisAlive ? 'ok' : 'down';
    const schedules = missingSchedules === null ? 'unknown' : missingSchedules.length > 0 ? 'missing' : 'ok';
    return {
      // The worker only delays background work; the API itself needs Postgres and Redis. A lost schedule
      // never comes back by itself (the worker re-creates it within WORKER_SCHEDULE_CHECK_MS), so it is reported.
      status: database !== 'ok' || redis !== 'ok' ? 'unavailable' : schedules === 'missing' ? 'degraded' : 'ok',
      version: this.options.version,
      time: now.toISOString(),
      database,
      redis,
      worker: workerFresh ? 'ok' : 'down',
      databaseTime: databaseTime?.toISOString() ?? null,
      workerLastBeat: workerLastBeat?.toISOString() ?? null,
      schedules,
      missingSchedules: missingSchedules ?? [],
    };
  }

  publicConfig(): PublicConfig {
    return {
      appVersion: this.options.version,
      supportEmail: this.options.supportEmail,
      features: {
        chat: true,
        sports: this.options.sportsEnabled,
        referrals: true,
        emailVerification: this.options.emailVerification,
        themeSwitcher: this.options.themeSwitcher,
      },
    };
  }
}

/** The probe's answer, or `fallback` when it fails or has not answered within `ms`. */
async function withTimeout<T, F>(probe: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([probe.catch(() => fallback), expired]);
  } finally {
    clearTimeout(timer);
  }
}
