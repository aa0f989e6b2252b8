import { z } from 'zod';
import { openShiftModeSchema } from './open-shifts';
import { qualificationCheckSchema } from './qualifications';

/** 'Fuera de zona' (decision 040): a punch outside the event's zone is flagged, or refused. */
export const geofenceModeSchema = z.enum(['flag', 'refuse'], { error: 'Elige qué hacer con un fichaje fuera de zona.' });
export type GeofenceMode = z.infer<typeof geofenceModeSchema>;
export const GEOFENCE_MODE_LABELS: Record<GeofenceMode, string> = {
  flag: 'Permitir y marcar',
  refuse: 'Rechazar el fichaje',
};

export const AUTO_CLOCK_OUT_TOLERANCE_MAX_MIN = 720;
export const AUTO_CLOCK_OUT_TOLERANCE_MESSAGE = `La tolerancia debe ser un número entero de minutos entre 0 y ${AUTO_CLOCK_OUT_TOLERANCE_MAX_MIN}.`;

/** A company's clocking rules ('Ajustes de fichaje'); a company never saved has the defaults. */
export const companySettingsSchema = z.object({
  companyId: z.string(),
  geofenceMode: geofenceModeSchema,
  /** 'Cierre automático': a clock-in left open is closed at the event's end, once the tolerance has passed. */
  autoClockOut: z.boolean(),
  autoClockOutToleranceMin: z.number().int(),
  /** Decision 042: 'warn' saves an assignment missing a required qualification and says so; 'refuse' refuses it. */
  qualificationCheck: qualificationCheckSchema,
  /** Decision 046: a new assignment is 'Pendiente' until the employee accepts or declines it. */
  acceptAssignments: z.boolean(),
  /** Decision 051: 'Turnos abiertos' are granted by order of request, or approved by a supervisor. */
  openShiftMode: openShiftModeSchema,
  /** Decision 055: the company's Supervisors must sign in with a second factor (TOTP). */
  supervisorTwoFactor: z.boolean(),
  /** When an administrator last saved them; null while the defaults hold. */
  updatedAt: z.string().nullable(),
});
export type CompanySettingsView = z.infer<typeof companySettingsSchema>;

export const updateCompanySettingsRequestSchema = z.object({
  geofenceMode: geofenceModeSchema,
  autoClockOut: z.boolean({ error: 'Indica si el cierre automático está activado.' }),
  autoClockOutToleranceMin: z
    .number({ error: AUTO_CLOCK_OUT_TOLERANCE_MESSAGE })
    .int({ error: AUTO_CLOCK_OUT_TOLERANCE_MESSAGE })
    .min(0, { error: AUTO_CLOCK_OUT_TOLERANCE_MESSAGE })
    .max(AUTO_CLOCK_OUT_TOLERANCE_MAX_MIN, { error: AUTO_CLOCK_OUT_TOLERANCE_MESSAGE }),
  /** Omitted: unchanged. */
  qualificationCheck: qualificationCheckSchema.optional(),
  /** Omitted: unchanged. */
  acceptAssignments: z.boolean({ error: 'Indica si los empleados deben aceptar sus turnos.' }).optional(),
  /** Omitted: unchanged. */
  openShiftMode: openShiftModeSchema.optional(),
  supervisorTwoFactor: z.boolean({ error: 'Indica si los supervisores deben usar la verificación en dos pasos.' }).optional(),
});
export type UpdateCompanySettingsRequest = z.infer<typeof updateCompanySettingsRequestSchema>;
