import type { RosterEmployee, RosterOpenEvent } from '@jornada/shared/schemas/roster';
import { cn } from '@/lib/cn';
import { longDayLabel, shortDayLabel } from '../utils/week';
import { RosterCellContent } from './roster-cell';
import type { AssignTarget } from './assign-dialog';
import { ROSTER_EVENT_DRAG_TYPE } from './draggable-events';

interface RosterGridProps {
  days: readonly string[];
  today: string;
  employees: readonly RosterEmployee[];
  /** The month: a column per day of it, narrow, the table scrolls sideways. */
  compact?: boolean;
  onAssign: (target: AssignTarget) => void;
  /** The event being dragged from 'Eventos con plazas': the days that take it are marked. */
  dragging?: RosterOpenEvent | null;
}

/** The week (or month) at a desk: a row per person, a column per day, today highlighted. */
export function RosterGrid({ days, today, employees, compact = false, onAssign, dragging = null }: RosterGridProps) {
  /** A dragged event drops on its own day, from today on, for someone not on it yet. */
  const takesDrop = (userId: string, date: string) => dragging !== null && dragging.date === date && date >= today && !dragging.assignedEmployees.includes(userId);
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
                <td
                  key={cell.date}
                  className={cn(
                    'border-l align-top',
                    compact ? 'p-0.5' : 'p-1',
                    cell.date === today && 'bg-primary/5',
                    takesDrop(person.userId, cell.date) && 'bg-green-50 outline-2 -outline-offset-2 outline-green-600 outline-dashed',
                  )}
                  data-drop-target={takesDrop(person.userId, cell.date) ? 'true' : undefined}
                  onDragOver={(drag) => {
                    if (!takesDrop(person.userId, cell.date)) return;
                    drag.preventDefault();
                    drag.dataTransfer.dropEffect = 'copy';
                  }}
                  onDrop={(drag) => {
                    const eventId = drag.dataTransfer.getData(ROSTER_EVENT_DRAG_TYPE);
                    if (!takesDrop(person.userId, cell.date) || eventId !== dragging?.id) return;
                    drag.preventDefault();
                    onAssign({ userId: person.userId, name: person.name, date: cell.date, eventId });
                  }}
                >
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
