import type { Kysely } from 'kysely';
import { QUALIFICATION_CHECK_LABELS } from '@jornada/shared/schemas/qualifications';
import { OPEN_SHIFT_MODE_LABELS, type OpenShiftMode } from '@jornada/shared/schemas/open-shifts';
import { GEOFENCE_MODE_LABELS, type CompanySettingsView, type UpdateCompanySettingsRequest } from '@jornada/shared/schemas/company-settings';
import type { DB } from '../../db/schema';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { scheduleAutoClockOutSweep } from '../auto-clock-out/auto-clock-out.service';
import * as repository from './company-settings.repository';

/** A company's clocking rules (issue 24); the defaults hold until an administrator changes them. */
export interface CompanySettings {
  /** 'flag': a punch outside the event's zone is accepted and flagged 'Fuera de zona'; 'refuse': refused. */
  geofenceMode: 'flag' | 'refuse';
  /** Close a clock-in left open at the event's end plus the tolerance, flagged 'Cierre automático'. */
  autoClockOut: boolean;
  autoClockOutToleranceMin: number;
  /** Decision 042: an assignment missing a required qualification on the event's date is warned, or refused. */
  qualificationCheck: 'warn' | 'refuse';
  /** Decision 046: a new assignment is 'pending' until the employee accepts or declines it. */
  acceptAssignments: boolean;
  /** Decision 051: a claim of an open place assigns at once, or waits for a supervisor. */
  openShiftMode: OpenShiftMode;
  /** Decision 055: the company's Supervisors sign in with a second factor. */
  supervisorTwoFactor: boolean;
}

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  geofenceMode: 'flag',
  autoClockOut: false,
  autoClockOutToleranceMin: 30,
  qualificationCheck: 'warn',
  acceptAssignments: false,
  openShiftMode: 'first_come',
  supervisorTwoFactor: false,
};

const COMPANY_NOT_FOUND_MESSAGE = 'Empresa no encontrada.';

export async function getCompanySettings(db: Kysely<DB>, companyId: string): Promise<CompanySettings> {
  const row = await repository.findSettingsRow(db, companyId);
  if (!row) return DEFAULT_COMPANY_SETTINGS;
  return {
    geofenceMode: row.geofence_mode,
    autoClockOut: Number(row.auto_clock_out) === 1,
    autoClockOutToleranceMin: Number(row.auto_clock_out_tolerance_min),
    qualificationCheck: row.qualification_check,
    acceptAssignments: Number(row.accept_assignments) === 1,
    openShiftMode: row.open_shift_mode,
    supervisorTwoFactor: Number(row.supervisor_two_factor) === 1,
  };
}

/**
 * 'Ajustes de fichaje' are the company's own rules, like its roles and its permission matrix: the
 * Administrador sets them (companies and permissions are administrator-only screens; no view of
 * the matrix lets a Supervisor manage the company), so both the read and the change are theirs.
 */
async function requireCompany(deps: ServiceDeps, actor: Actor, companyId: string): Promise<string> {
  requireRole(actor, ['Administrador']);
  const name = await repository.findCompanyName(deps.db, scopeOf(actor), companyId);
  if (name === undefined) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  return name;
}

async function view(db: Kysely<DB>, companyId: string): Promise<CompanySettingsView> {
  const row = await repository.findSettingsRow(db, companyId);
  const settings = await getCompanySettings(db, companyId);
  return { companyId, ...settings, updatedAt: row?.updated_at ?? null };
}

export async function readCompanySettings(deps: ServiceDeps, actor: Actor, companyId: string): Promise<CompanySettingsView> {
  await requireCompany(deps, actor, companyId);
  return view(deps.db, companyId);
}

const describe = (settings: CompanySettings) =>
  `fuera de zona «${GEOFENCE_MODE_LABELS[settings.geofenceMode]}», cierre automático ${settings.autoClockOut ? `activado (tolerancia ${settings.autoClockOutToleranceMin} min)` : 'desactivado'}, titulaciones «${QUALIFICATION_CHECK_LABELS[settings.qualificationCheck]}», aceptación de turnos ${settings.acceptAssignments ? 'activada' : 'desactivada'}, turnos abiertos «${OPEN_SHIFT_MODE_LABELS[settings.openShiftMode]}», verificación en dos pasos para supervisores ${settings.supervisorTwoFactor ? 'obligatoria' : 'opcional'}`;

/** 'Ajustes guardados': the whole set is replaced; turning the closing on starts its sweep. */
export async function saveCompanySettings(deps: ServiceDeps, actor: Actor, companyId: string, input: UpdateCompanySettingsRequest): Promise<CompanySettingsView> {
  const companyName = await requireCompany(deps, actor, companyId);
  const now = deps.clock();
  // Omitted by a client that predates it: the saved choice stays.
  const saved = await getCompanySettings(deps.db, companyId);
  const qualificationCheck = input.qualificationCheck ?? saved.qualificationCheck;
  const acceptAssignments = input.acceptAssignments ?? saved.acceptAssignments;
  const openShiftMode = input.openShiftMode ?? saved.openShiftMode;
  const supervisorTwoFactor = input.supervisorTwoFactor ?? saved.supervisorTwoFactor;
  await deps.db.transaction().execute(async (trx) => {
    await repository.upsertSettings(trx, {
      company_id: companyId,
      geofence_mode: input.geofenceMode,
      auto_clock_out: input.autoClockOut ? 1 : 0,
      auto_clock_out_tolerance_min: input.autoClockOutToleranceMin,
      qualification_check: qualificationCheck,
      accept_assignments: acceptAssignments ? 1 : 0,
      open_shift_mode: openShiftMode,
      supervisor_two_factor: supervisorTwoFactor ? 1 : 0,
      updated_at: now.toISOString(),
    });
    await appendActorAction(trx, actor, now, {
      companyId,
      kind: 'company.settings',
      message: `${actor.name} ha cambiado los ajustes de fichaje de la empresa «${companyName}»: ${describe({ ...input, qualificationCheck, acceptAssignments, openShiftMode, supervisorTwoFactor })}`,
    });
    if (input.autoClockOut) await scheduleAutoClockOutSweep(trx, now);
  });
  return view(deps.db, companyId);
}
