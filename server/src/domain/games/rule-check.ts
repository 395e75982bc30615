import type { z } from 'zod';

/** A rules module's own check as a schema refinement, so the schema and the engine can never disagree. */
export function ruleCheck<T>(check: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}
