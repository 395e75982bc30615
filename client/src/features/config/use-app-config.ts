import type { RouterOutputs } from '../../lib/router-types';
import { DEFAULT_APP_VERSION } from '../../constants';
import { trpc } from '../../trpc';

/** The flags exactly as the server's `config` query sends them. */
export type FeatureFlags = RouterOutputs['config']['features'];

export interface AppConfig {
  appVersion: string;
  /** Null until the server has said which address to show. */
  supportEmail: string | null;
  features: FeatureFlags;
  isLoaded: boolean;
}

/** The spec's defaults (section 1), used only until the server's configuration arrives. */
export const DEFAULT_FEATURES: FeatureFlags = {
  chat: true,
  sports: false,
  referrals: true,
  emailVerification: true,
  themeSwitcher: false,
};

export function useAppConfig(): AppConfig {
  // Configuration only changes with a deploy, so one fetch per page load is enough.
  const { data } = trpc.config.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  return {
    appVersion: data?.appVersion ?? DEFAULT_APP_VERSION,
    supportEmail: data?.supportEmail ?? null,
    features: data?.features ?? DEFAULT_FEATURES,
    isLoaded: data !== undefined,
  };
}

export function useFeatures(): FeatureFlags {
  return useAppConfig().features;
}
