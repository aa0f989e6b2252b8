import { formatDateTime, formatTime } from '@jornada/shared/format';
import type { PunchEvidence, RecordPresence } from '@jornada/shared/schemas/time-records';

const metres = (value: number) => (value >= 1000 ? `${(value / 1000).toLocaleString('es-ES', { maximumFractionDigits: 1 })} km` : `${Math.round(value)} m`);

/** A time beside the punch's: the clock alone on the same day, with the date otherwise. */
function beside(instant: string, punch: string | null): string {
  const valid = !Number.isNaN(Date.parse(instant));
  if (!valid) return instant;
  return punch && formatDateTime(instant).slice(0, 10) === formatDateTime(punch).slice(0, 10) ? formatTime(instant) : formatDateTime(instant);
}

function describePunch(label: string, evidence: PunchEvidence, punchTime: string | null): string | null {
  const parts: string[] = [];
  if (evidence.offline) {
    const { phoneTime, estimatedTime, receivedAt } = evidence.offline;
    parts.push(`hora del teléfono ${beside(phoneTime, punchTime)}`);
    parts.push(estimatedTime ? `estimada con el reloj del servidor ${beside(estimatedTime, punchTime)}` : 'sin hora del servidor');
    parts.push(`recibido ${beside(receivedAt, punchTime)}`);
  }
  if (evidence.distanceM !== undefined) {
    const accuracy = evidence.accuracyM !== undefined ? ` (±${metres(evidence.accuracyM)})` : '';
    const radius = evidence.radiusM !== undefined ? `, radio ${metres(evidence.radiusM)}` : '';
    parts.push(`a ${metres(evidence.distanceM)}${accuracy} del evento${radius}`);
  }
  if (evidence.venueCode) parts.push('código del lugar válido');
  return parts.length ? `${label}${evidence.offline ? ' sin conexión' : ''}: ${parts.join(' · ')}` : null;
}

/** The evidence behind each punch, one line each: e.g. 'Entrada sin conexión: hora del teléfono 03:12 · … · recibido 05:40'. */
export function describePresence(presence: RecordPresence | null | undefined, times: { startTime: string; endTime: string | null }): string[] {
  if (!presence) return [];
  return [
    presence.start ? describePunch('Entrada', presence.start, times.startTime) : null,
    presence.end ? describePunch('Salida', presence.end, times.endTime) : null,
  ].filter((line): line is string => line !== null);
}
