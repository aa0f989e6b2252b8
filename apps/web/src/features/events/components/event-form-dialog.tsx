import type { Event } from '@jornada/shared/schemas/events';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EventForm } from './event-form';

interface EventFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event to edit; 'Nuevo evento' when absent. */
  event?: Event;
}

export function EventFormDialog({ open, onOpenChange, event }: EventFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{event ? 'Editar evento' : 'Nuevo evento'}</DialogTitle>
          <DialogDescription>
            {event ? 'Cambia los datos o el personal del evento.' : 'Las fechas y horas son las de la empresa (hora peninsular).'}
          </DialogDescription>
        </DialogHeader>
        {open && <EventForm key={event?.id ?? 'new'} event={event} onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
