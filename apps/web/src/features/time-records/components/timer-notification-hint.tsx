import { BellOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTimerNotifications } from '../hooks/use-timer-notifications';

const howTo: Record<'default' | 'denied' | 'unsupported', string> = {
  default: 'Actívalo para ver el turno aunque cierres la app.',
  denied: 'Para activarlo, permite las notificaciones de este sitio en los ajustes del navegador (el icono junto a la dirección).',
  unsupported: 'Este navegador no muestra notificaciones: consulta el turno en esta pantalla.',
};

/**
 * A short, non-blocking note under the running timer when its system notification is off: the
 * clock-in went through all the same, this only says how to get the notification back.
 */
export function TimerNotificationHint() {
  const { state, request } = useTimerNotifications();
  if (state === 'granted') return null;
  return (
    <div role="note" aria-label="Aviso del temporizador" className="flex items-start gap-2 rounded-lg bg-white/10 p-3 text-sm text-blue-50">
      <BellOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col items-start gap-2">
        <p>
          <span className="font-semibold">Aviso del temporizador desactivado.</span> {howTo[state]}
        </p>
        {state === 'default' && (
          <Button variant="inverse" size="sm" onClick={() => void request()}>
            Activar aviso
          </Button>
        )}
      </div>
    </div>
  );
}
