import { z } from 'zod';
import { dbId } from '../ids.js';
import { ALL_ROLES } from './roles.schemas.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day (YYYY-MM-DD)');

export const reportRangeSchema = z.object({
  from: day,
  to: day,
  period: z.enum(['day', 'week', 'month']).default('day'),
  currency: z.enum(['USD', 'BZU']).default('USD'),
});

export const ggrInputSchema = reportRangeSchema.extend({ by: z.enum(['game', 'family', 'provider']).default('game') });

export const csvInputSchema = reportRangeSchema.extend({
  report: z.enum(['summary', 'game', 'family', 'provider']).default('summary'),
});

export const auditFilterSchema = z
  .object({
    actorId: dbId.integer('actorId').optional(),
    action: z.string().trim().max(64).optional(),
    targetType: z.string().trim().max(64).optional(),
    targetId: z.string().trim().max(100).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
    before: dbId.bigintString('before').optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .default({ limit: 50 });

export const playerSearchSchema = z.object({ query: z.string().trim().min(1, 'query is required').max(200) });

export const noteInputSchema = z.object({
  userId: dbId.integer('userId'),
  body: z.string().trim().min(1, 'A note cannot be empty').max(4000, 'A note is at most 4000 characters'),
});

export const setRoleInputSchema = z.object({
  userId: dbId.integer('userId'),
  role: z.enum(ALL_ROLES, { error: `role must be one of ${ALL_ROLES.join(', ')}` }),
});
