import type { Event } from '@jornada/shared/schemas/events';
import { CircleStop, History, Pencil, QrCode, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export type EventAction = 'edit' | 'finish' | 'delete' | 'venue-code' | 'history';

interface EventActionsProps {
  event: Event;
  onAction: (action: EventAction, event: Event) => void;
  className?: string;
}

/** A managed event's buttons: 'Editar', 'Código del lugar' and 'Finalizar ahora' (only while it runs), 'Historial', 'Eliminar'. */
export function EventActions({ event, onAction, className }: EventActionsProps) {
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Button variant="outline" size="sm" onClick={() => onAction('edit', event)}>
        <Pencil aria-hidden="true" />
        Editar
      </Button>
      {event.status === 'Activo' && (
        <Button variant="outline" size="sm" onClick={() => onAction('venue-code', event)}>
          <QrCode aria-hidden="true" />
          Código del lugar
        </Button>
      )}
      {event.status === 'Activo' && (
        <Button variant="outline" size="sm" onClick={() => onAction('finish', event)}>
          <CircleStop aria-hidden="true" />
          Finalizar ahora
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={() => onAction('history', event)}>
        <History aria-hidden="true" />
        Historial
      </Button>
      <Button variant="outline" size="sm" className="text-destructive hover:bg-red-50" onClick={() => onAction('delete', event)}>
        <Trash2 aria-hidden="true" />
        Eliminar
      </Button>
    </div>
  );
}
