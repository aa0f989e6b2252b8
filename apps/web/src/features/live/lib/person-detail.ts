import { formatTime } from '@jornada/shared/format';
import type { LivePerson, LivePersonState } from '@jornada/shared/schemas/live';
import type { BadgeVariant } from '@/components/ui/badge';

/** Red for a no-show, yellow for late, green for clocked in, grey for the rest. */
export const stateBadgeVariant: Record<LivePersonState, BadgeVariant> = {
  'No presentado': 'destructive',
  Retrasado: 'warning',
  Pendiente: 'outline',
  Fichado: 'success',
  Finalizado: 'secondary',
};

/** The line under a person's name: what the state means in times of the company time zone. */
export function personDetail(person: LivePerson, event: { startTime: string }, graceMinutes: number): string {
  switch (person.state) {
    case 'Fichado':
      return `Entrada a las ${formatTime(person.clockInTime!)}`;
    case 'Finalizado':
      return person.clockOutTime
        ? `Entrada ${formatTime(person.clockInTime!)} · salida ${formatTime(person.clockOutTime)}`
        : `Entrada ${formatTime(person.clockInTime!)}`;
    case 'Pendiente':
      return `Empieza a las ${formatTime(event.startTime)}`;
    case 'Retrasado': {
      const deadline = new Date(Date.parse(event.startTime) + graceMinutes * 60_000);
      return `Sin fichar desde las ${formatTime(event.startTime)} · margen hasta las ${formatTime(deadline)}`;
    }
    case 'No presentado':
      return `Sin fichar · el turno empezó a las ${formatTime(event.startTime)}`;
  }
}
