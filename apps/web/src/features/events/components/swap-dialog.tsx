import type { Event } from '@jornada/shared/schemas/events';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateSwap, useSwapOptions } from '../api/shift-swaps';
import { formatEventRange } from '../utils/event-dates';

export type SwapMode = 'offer' | 'swap';

/**
 * 'Ofrecer' (to every colleague who may do the shift) or 'Proponer cambio' (my shift for one of a
 * colleague's). The lists come from the server's eligibility rules; a supervisor approves afterwards.
 */
export function SwapDialog({ event, mode, onOpenChange }: { event: Event | undefined; mode: SwapMode; onOpenChange: (open: boolean) => void }) {
  const options = useSwapOptions(event?.id);
  const create = useCreateSwap();
  const [choice, setChoice] = useState<string>();
  const close = () => {
    setChoice(undefined);
    onOpenChange(false);
  };
  const swaps = options.data?.swaps ?? [];
  const colleagues = options.data?.colleagues ?? [];
  const chosen = swaps.find((item) => `${item.userId}|${item.shift.eventId}` === choice);
  const onConfirm = () => {
    if (!event) return;
    const input = mode === 'offer' ? { kind: 'offer' as const, eventId: event.id } : chosen && { kind: 'swap' as const, eventId: event.id, withUserId: chosen.userId, withEventId: chosen.shift.eventId };
    if (!input) return;
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: mode === 'offer' ? 'Turno ofrecido' : 'Cambio propuesto', description: 'Un supervisor lo aprobará cuando un compañero lo acepte.' });
        close();
      },
    });
  };
  const empty = mode === 'offer' ? colleagues.length === 0 : swaps.length === 0;

  return (
    <Dialog open={event !== undefined} onOpenChange={(next) => !next && !create.isPending && close()}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{mode === 'offer' ? 'Ofrecer turno' : 'Proponer cambio'}</DialogTitle>
          <DialogDescription>
            {event && (
              <span className="break-words">
                «{event.name}» · {formatEventRange(event)}
              </span>
            )}
          </DialogDescription>
        </DialogHeader>
        {options.isPending ? (
          <ListSkeleton rows={2} rowClassName="h-10" />
        ) : empty ? (
          <p className="text-sm text-muted-foreground">
            {mode === 'offer' ? 'Ahora mismo ningún compañero puede hacer este turno.' : 'No hay turnos de compañeros por los que puedas cambiar este.'}
          </p>
        ) : mode === 'offer' ? (
          <div className="text-sm">
            <p className="font-semibold">Lo verán y podrán cogerlo:</p>
            <ul className="mt-1 list-disc pl-5 text-muted-foreground">
              {colleagues.map((colleague) => (
                <li key={colleague.userId}>{colleague.name}</li>
              ))}
            </ul>
          </div>
        ) : (
          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-semibold">Elige el turno que harías a cambio</legend>
            {swaps.map((item) => {
              const value = `${item.userId}|${item.shift.eventId}`;
              return (
                <label key={value} className="flex cursor-pointer items-start gap-3 rounded-md border border-input p-3 has-checked:border-primary">
                  <input type="radio" name="swap-choice" value={value} checked={choice === value} onChange={() => setChoice(value)} className="mt-1" />
                  <span className="break-words">
                    <span className="font-semibold">{item.name}</span> · «{item.shift.name}» · {formatEventRange({ date: item.shift.startTime, endDate: item.shift.endTime })}
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={create.isPending}>
              Cancelar
            </Button>
          </DialogClose>
          <Button onClick={onConfirm} disabled={create.isPending || empty || options.isPending || (mode === 'swap' && !chosen)}>
            {create.isPending && <Spinner />}
            {mode === 'offer' ? 'Ofrecer turno' : 'Proponer cambio'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
