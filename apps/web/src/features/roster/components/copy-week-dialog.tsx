import type { CopiedAssignment, CopyWeekResponse } from '@jornada/shared/schemas/roster';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorDescription } from '@/lib/error-message';
import { useCopyWeek } from '../api/roster';
import { addDays, shortDayLabel, weekLabel } from '../utils/week';

interface CopyWeekDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  monday: string;
  categoryId: string | null;
  companyId: string | null;
  /** Shows the next week (after copying). */
  onShowNextWeek: () => void;
}

const when = (item: CopiedAssignment) => {
  const { weekday, day } = shortDayLabel(item.date);
  return `${weekday} ${day}, ${item.start}–${item.end}`;
};

/** 'Copiar semana': asks, copies, then says what was copied and what was not, and why. */
export function CopyWeekDialog({ open, onOpenChange, monday, categoryId, companyId, onShowNextWeek }: CopyWeekDialogProps) {
  const copy = useCopyWeek();
  const [result, setResult] = useState<CopyWeekResponse | null>(null);

  const close = (next: boolean) => {
    if (copy.isPending) return;
    if (!next) {
      setResult(null);
      copy.reset();
    }
    onOpenChange(next);
  };

  const run = () =>
    copy.mutate(
      { from: monday, ...(categoryId ? { categoryId } : {}), ...(companyId ? { companyId } : {}) },
      { onSuccess: (answer) => setResult(answer) },
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Copiar semana</DialogTitle>
          <DialogDescription>
            De la semana del {weekLabel(monday)} a la del {weekLabel(addDays(monday, 7))}.
          </DialogDescription>
        </DialogHeader>
        {result === null ? (
          <>
            <p className="text-sm">
              Cada persona asignada a un evento de esta semana{categoryId ? ' (de la categoría elegida)' : ''} se asigna al evento con el mismo nombre y el mismo horario de la semana siguiente, si existe.
              Se aplican las mismas normas que al asignar a mano; lo que no se pueda copiar se indica con su motivo.
            </p>
            {copy.error && <Alert variant="destructive">{errorDescription(copy.error, 'No se pudo copiar la semana. Inténtalo de nuevo.')}</Alert>}
          </>
        ) : (
          <div className="grid gap-3 text-sm" role="status">
            <p className="font-medium">
              {result.copied.length === 1 ? '1 asignación copiada' : `${result.copied.length} asignaciones copiadas`}
              {result.alreadyAssigned > 0 && ` · ${result.alreadyAssigned} ya estaban`}
            </p>
            {result.copied.some((item) => item.message) && (
              <ul className="flex flex-col gap-1" aria-label="Copiadas con avisos">
                {result.copied
                  .filter((item) => item.message)
                  .map((item) => (
                    <li key={`${item.userId}-${item.date}-${item.eventName}`}>
                      <span className="font-medium">{item.userName}</span> · {item.eventName}: {item.message}
                    </li>
                  ))}
              </ul>
            )}
            {result.notCopied.length > 0 && (
              <section aria-labelledby="copy-week-missed">
                <h3 id="copy-week-missed" className="font-semibold">
                  No se han copiado ({result.notCopied.length})
                </h3>
                <ul className="mt-1 flex max-h-64 flex-col gap-1.5 overflow-y-auto" aria-label="No copiadas">
                  {result.notCopied.map((item) => (
                    <li key={`${item.userId}-${item.date}-${item.eventName}-${item.start}`} className="leading-snug">
                      <span className="font-medium">{item.userName}</span> · {item.eventName} ({when(item)}): {item.message}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
        <DialogFooter>
          {result === null ? (
            <>
              <Button variant="outline" onClick={() => close(false)} disabled={copy.isPending}>
                Cancelar
              </Button>
              <Button onClick={run} disabled={copy.isPending}>
                {copy.isPending && <Spinner />}
                Copiar semana
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cerrar
              </Button>
              <Button
                onClick={() => {
                  onShowNextWeek();
                  close(false);
                }}
              >
                Ver la semana siguiente
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
