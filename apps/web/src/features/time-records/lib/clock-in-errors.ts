import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-error';
import { ClockInBlocked } from './clock-in-blocked';

// The spec's toast titles for the server's clock-in refusals; the description is the server's message.
const titles: Record<string, string> = {
  TIMER_ALREADY_ACTIVE: 'Temporizador activo',
  CLOCK_IN_TOO_EARLY: 'Aún no es la hora',
  EVENT_FINISHED: 'Evento finalizado',
  NO_ACTIVE_TIMER: 'Sin temporizador activo',
  // The company refuses clock-ins outside the event's zone: the message says how far ('Estás a 1,2 km del evento.').
  OUTSIDE_EVENT_ZONE: 'Fuera de zona',
};

const fallbacks = {
  start: 'No se pudo iniciar el temporizador.',
  stop: 'No se pudo detener el temporizador.',
} as const;

/** Shows why a clock-in or clock-out failed, with the spec's texts (section 8). */
export function showClockInError(error: unknown, action: keyof typeof fallbacks): void {
  if (error instanceof ClockInBlocked) {
    toast({ variant: 'destructive', title: error.title, description: error.description });
    return;
  }
  if (isApiError(error)) {
    // The API client has already ended the session and said so.
    if (error.status === 401) return;
    const title = titles[error.code];
    if (title) {
      toast({ variant: 'destructive', title, description: error.message });
      return;
    }
    // A refusal the server explained ('No se pudo encontrar el evento.'): show its words.
    if (error.fromServer && error.status < 500) {
      toast({ variant: 'destructive', title: 'Error', description: error.message });
      return;
    }
  }
  toast({ variant: 'destructive', title: 'Error', description: fallbacks[action] });
}
