import type { WorkingTimeWarning } from '@jornada/shared/schemas/registro';
import { isApiError } from '@/lib/api-error';

export const WORKING_TIME_WARNING = 'WORKING_TIME_WARNING';

export interface WorkingTimeWarnings {
  warnings: WorkingTimeWarning[];
  /** All of them; the answer lists at most 50. */
  count: number;
}

/** The warnings of a refused assignment (409 WORKING_TIME_WARNING), or null for any other failure. */
export function workingTimeWarningsOf(error: unknown): WorkingTimeWarnings | null {
  if (!isApiError(error) || error.code !== WORKING_TIME_WARNING) return null;
  const warnings = Array.isArray(error.details.warnings) ? (error.details.warnings as WorkingTimeWarning[]) : [];
  const count = typeof error.details.warningCount === 'number' ? error.details.warningCount : warnings.length;
  return { warnings, count };
}
