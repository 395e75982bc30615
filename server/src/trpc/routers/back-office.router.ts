import {
  auditFilterSchema,
  csvInputSchema,
  ggrInputSchema,
  noteInputSchema,
  playerSearchSchema,
  reportRangeSchema,
  setRoleInputSchema,
} from '../../domain/staff/back-office.schemas.js';
import { userIdInputSchema } from '../../domain/wallet/wallet.schemas.js';
import { permitted } from '../auth.middleware.js';
import { router } from '../init.js';

const actorOf = (ctx: { user: { id: number; role: string }; ip: string; userAgent?: string }) => ({
  id: ctx.user.id,
  role: ctx.user.role,
  ip: ctx.ip,
  userAgent: ctx.userAgent ?? null,
});

/** Reports and the RTP watch (finance), mounted as admin.reports. */
export const reportsRouter = router({
  summary: permitted('reports.read')
    .input(reportRangeSchema)
    .query(({ ctx, input }) => ctx.services.backOffice.reports.summary(input)),
  ggr: permitted('reports.read')
    .input(ggrInputSchema)
    .query(({ ctx, input }) => ctx.services.backOffice.reports.ggr(input, input.by)),
  /** The same figures as CSV text (the console saves it as a file). */
  csv: permitted('reports.read')
    .input(csvInputSchema)
    .query(async ({ ctx, input }) => ({ csv: await ctx.services.backOffice.reports.csv(input, input.report) })),
  rtp: permitted('rtp.read').query(({ ctx }) => ctx.services.backOffice.reports.rtpWatch()),
});

/** Players' files (support reads, notes), mounted as admin.players. */
export const playersRouter = router({
  search: permitted('players.read')
    .input(playerSearchSchema)
    .query(({ ctx, input }) => ctx.services.backOffice.players.search(input.query)),
  file: permitted('players.read')
    .input(userIdInputSchema)
    .query(({ ctx, input }) => ctx.services.backOffice.players.file(input.userId)),
  addNote: permitted('players.note')
    .input(noteInputSchema)
    .mutation(({ ctx, input }) => ctx.services.backOffice.players.addNote(actorOf(ctx), input.userId, input.body)),
});

/** Staff accounts and roles (admins), mounted as admin.staff. */
export const staffRouter = router({
  list: permitted('staff.manage').query(({ ctx }) => ctx.services.backOffice.staff.list()),
  setRole: permitted('staff.manage')
    .input(setRoleInputSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.backOffice.staff.setRole(actorOf(ctx), { id: input.userId }, input.role),
    ),
});

/** The staff audit log, newest first, filtered; mounted as admin.audit. */
export const auditRouter = router({
  list: permitted('audit.read')
    .input(auditFilterSchema)
    .query(({ ctx, input }) =>
      ctx.services.backOffice.audit.list({
        ...input,
        from: input.from ? new Date(input.from) : undefined,
        to: input.to ? new Date(input.to) : undefined,
      }),
    ),
});
