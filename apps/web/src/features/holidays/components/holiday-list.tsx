import { HOLIDAY_KIND_LABELS, type Holiday } from '@jornada/shared/schemas/holidays';
import { useState } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useRemoveHoliday, useSetNationalExcluded } from '../api/holidays';

const dayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
/** A plain calendar day, read as UTC so no time zone moves it. */
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

const KIND_VARIANTS: Record<Holiday['kind'], BadgeVariant> = { nacional: 'default', autonomico: 'warning', local: 'secondary' };

/** The year's holidays with their kind, and what a manager may do with each. */
export function HolidayList({ holidays, companyId }: { holidays: Holiday[]; companyId: string | null }) {
  const remove = useRemoveHoliday();
  const setExcluded = useSetNationalExcluded();
  const [removing, setRemoving] = useState<Holiday | null>(null);

  const toggleNational = (holiday: Holiday) =>
    setExcluded.mutate(
      { date: holiday.date, excluded: !holiday.excluded, ...(companyId ? { companyId } : {}) },
      { onSuccess: () => toast({ title: holiday.excluded ? 'Festivo restaurado' : 'Festivo quitado del calendario', description: holiday.name }) },
    );

  return (
    <>
      <ul className="divide-y rounded-lg border bg-card" aria-label="Festivos del año">
        {holidays.map((holiday) => (
          <li key={`${holiday.kind}-${holiday.date}`} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className={cn('font-medium', holiday.excluded && 'text-muted-foreground line-through')}>{holiday.name}</p>
              <p className="text-sm text-muted-foreground first-letter:uppercase">
                {formatDay(holiday.date)}
                {holiday.excluded && ' · No se celebra aquí'}
                {holiday.sunday && !holiday.excluded && ' · Cae en domingo'}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={KIND_VARIANTS[holiday.kind]}>{HOLIDAY_KIND_LABELS[holiday.kind]}</Badge>
              {holiday.kind === 'nacional' ? (
                <Button variant="outline" size="sm" disabled={setExcluded.isPending} onClick={() => toggleNational(holiday)}>
                  {holiday.excluded ? 'Restaurar' : 'No se celebra aquí'}
                </Button>
              ) : (
                <Button variant="destructive-outline" size="sm" onClick={() => setRemoving(holiday)}>
                  Quitar
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Quitar festivo"
        description={removing ? `¿Quitar «${removing.name}» (${formatDay(removing.date)}) del calendario laboral?` : ''}
        confirmLabel="Quitar festivo"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id ?? '', {
            onSuccess: () => {
              toast({ title: 'Festivo quitado', description: removing.name });
              setRemoving(null);
            },
          })
        }
      />
    </>
  );
}
