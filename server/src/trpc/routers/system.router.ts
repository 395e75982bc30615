import { publicProcedure, router } from '../init.js';
import { onAnnouncementProcedure } from './live.procedures.js';

export const systemRouter = router({
  status: publicProcedure.query(({ ctx }) => ctx.services.system.status()),
  onAnnouncement: onAnnouncementProcedure,
});

/** Feature flags and public settings the client reads at start. */
export const configProcedure = publicProcedure.query(({ ctx }) => ctx.services.system.publicConfig());
