/** A chat line the platform writes (a tip, a rain); server/src/composition/economy.ts plugs in ChatService.postSystemLine. */
export interface ChatLines {
  post(line: { kind: 'tip' | 'rain'; userId: number | null; message: string }): Promise<unknown>;
}

/** True while the user has a running self-exclusion. */
export type ExclusionCheck = (userId: number) => Promise<boolean>;
