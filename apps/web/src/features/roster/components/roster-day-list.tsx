import type { RosterEmployee } from '@jornada/shared/schemas/roster';
import { Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { longDayLabel } from '../utils/week';
import type { AssignTarget } from './assign-dialog';
import { ShiftChip } from './shift-chip';
import { UnavailableBadges } from './unavailable-badges';

interface RosterDayListProps {
  days: readonly string[];
  today: string;
  employees: readonly RosterEmployee[];
  onAssign: (target: AssignTarget) => void;
}

/**
 * The week on a phone, day by day: who works (their events), is on vacation or said they cannot work; the people free that
 * day are folded below, each with its 'Asignar' button.
 */
export function RosterDayList({ days, today, employees, onAssign }: RosterDayListProps) {
  return (
    <div className="flex flex-col gap-4">
      {days.map((day, index) => {
        const busy = employees.filter((person) => person.cells[index]!.shifts.length > 0 || person.cells[index]!.vacation || person.cells[index]!.unavailable.length > 0);
        const free = employees.filter((person) => !busy.includes(person));
        const past = day < today;
        const titleId = `roster-day-${day}`;
        return (
          <section key={day} aria-labelledby={titleId} className={cn('rounded-md border bg-card', day === today && 'border-primary')}>
            <h2 id={titleId} className={cn('flex items-center justify-between gap-2 border-b px-3 py-2 text-sm font-semibold', day === today && 'bg-primary/10')}>
              <span>{longDayLabel(day)}</span>
              {day === today && <Badge>Hoy</Badge>}
            </h2>
            {busy.length === 0 ? (
              <p className="px-3 py-2 text-sm text-muted-foreground">Nadie trabaja este día.</p>
            ) : (
              <ul className="divide-y" aria-label={`Turnos del ${longDayLabel(day)}`}>
                {busy.map((person) => {
                  const cell = person.cells[index]!;
                  return (
                    <li key={person.userId} className="flex flex-col gap-1.5 px-3 py-2">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-medium break-words">{person.name}</span>
                        {!past && (
                          <Button variant="ghost" size="sm" onClick={() => onAssign({ userId: person.userId, name: person.name, date: day })} aria-label={`Asignar a ${person.name} el ${longDayLabel(day)}`}>
                            <Plus aria-hidden="true" />
                          </Button>
                        )}
                      </div>
                      {cell.vacation && (
                        <Badge variant="success" className="self-start">
                          Vacaciones
                        </Badge>
                      )}
                      <UnavailableBadges slots={cell.unavailable} />
                      {cell.shifts.map((shift) => (
                        <ShiftChip key={shift.eventId} shift={shift} />
                      ))}
                    </li>
                  );
                })}
              </ul>
            )}
            {!past && free.length > 0 && (
              <details className="border-t px-3 py-2 text-sm">
                <summary className="cursor-pointer py-1 font-medium">Sin turno ({free.length})</summary>
                <ul className="mt-1 divide-y">
                  {free.map((person) => (
                    <li key={person.userId} className="flex items-center justify-between gap-2 py-1.5">
                      <span className="break-words">{person.name}</span>
                      <Button variant="outline" size="sm" onClick={() => onAssign({ userId: person.userId, name: person.name, date: day })} aria-label={`Asignar a ${person.name} el ${longDayLabel(day)}`}>
                        Asignar
                      </Button>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </section>
        );
      })}
    </div>
  );
}
