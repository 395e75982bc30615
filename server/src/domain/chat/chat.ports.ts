import type { Role } from '../auth/auth.schemas.js';

/** Who performs a moderation action; id null is the operator CLI. */
export interface ChatActor {
  id: number | null;
  role: Role;
}

/** Per-user send limits (Redis, shared by every process). Throws a TOO_MANY_REQUESTS DomainError. */
export interface ChatThrottle {
  admit(userId: number, slowModeSeconds: number): Promise<void>;
}

/** True while the user has a self-exclusion in force (ResponsibleGamingService.isExcluded; server/src/composition/chat.ts wires it). */
export type SelfExclusionCheck = (userId: number) => Promise<boolean>;
