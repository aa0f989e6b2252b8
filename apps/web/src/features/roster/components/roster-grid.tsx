import type { RosterEmployee } from '@jornada/shared/schemas/roster';
import { cn } from '@/lib/cn';
import { longDayLabel, shortDayLabel } from '../utils/week';
import { RosterCellContent } from './roster-cell';
import type { AssignTarget } from './assign-dialog';

interface RosterGridProps {
  days: readonly string[];
  today: string;
  employees: readonly RosterEmployee[];
  /** The month: a column per day of it, narrow, the table scrolls sideways. */
  compact?: boolean;
  onAssign: (target: AssignTarget) => void;
}

/** The week (or month) at a desk: a row per person, a column per day, today highlighted. */
export function RosterGrid({ days, today, employees, compact = false, onAssign }: RosterGridProps) {
  return (
    <div className="overflow-x-auto rounded-md border bg-card">
      <table className={cn('table-fixed border-collapse text-sm', compact ? 'min-w-max' : 'w-full')} aria-label="Cuadrante">
        <colgroup>
          <col className="w-40" />
          {days.map((day) => (
            <col key={day} className={compact ? 'w-14' : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b">
            <th scope="col" className="sticky left-0 z-10 bg-card p-2 text-left font-medium">
              Empleado
            </th>
            {days.map((day) => {
              const { weekday, day: number } = shortDayLabel(day);
              const isToday = day === today;
              return (
                <th
                  key={day}
                  scope="col"
                  aria-current={isToday ? 'date' : undefined}
                  className={cn('text-center font-medium capitalize', compact ? 'px-0.5 py-2 text-xs' : 'p-2', isToday && 'bg-primary/10 text-primary')}
                >
                  <abbr title={longDayLabel(day)} className="no-underline">
                    {compact ? <span className="block">{weekday}</span> : `${weekday} `}
                    <span className="tabular-nums">{number}</span>
                  </abbr>
                  {isToday && <span className="block text-[11px] font-semibold normal-case">Hoy</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {employees.map((person) => (
            <tr key={person.userId} className="border-b last:border-b-0">
              <th scope="row" className="sticky left-0 z-10 bg-card p-2 text-left align-top font-medium break-words">
                {person.name}
              </th>
              {person.cells.map((cell) => (
                <td key={cell.date} className={cn('border-l align-top', compact ? 'p-0.5' : 'p-1', cell.date === today && 'bg-primary/5')}>
                  <RosterCellContent
                    cell={cell}
                    personName={person.name}
                    past={cell.date < today}
                    compact={compact}
                    onAssign={() => onAssign({ userId: person.userId, name: person.name, date: cell.date })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
