import { StaffAuditLog } from '../domain/staff/audit-log.js';
import { PlayerFileService, type PlayerFileSources } from '../domain/staff/player-file.service.js';
import { ReportsService } from '../domain/staff/reports.service.js';
import { StaffRolesService } from '../domain/staff/staff-roles.service.js';
import { WithdrawalRiskService } from '../domain/staff/withdrawal-risk.js';
import type { Infrastructure } from '../infrastructure.js';

/** The operator's back office (issue 43): audit log, reports and RTP watch, players' files, staff roles, withdrawal risk. */
export function createBackOffice<Ledger, Protection, Round>(
  infra: Infrastructure,
  sources: PlayerFileSources<Ledger, Protection, Round>,
) {
  const { db } = infra;
  return {
    audit: new StaffAuditLog(db),
    reports: new ReportsService(db),
    players: new PlayerFileService(db, sources),
    staff: new StaffRolesService(db),
    risk: new WithdrawalRiskService(db, infra.env.WITHDRAWAL_RISK_REVIEW_SCORE),
  };
}
