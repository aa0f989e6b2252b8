import type { RosterEmployee, RosterOpenEvent, RosterShift } from '@jornada/shared/schemas/roster';
import { memo, useCallback, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { longDayLabel, shortDayLabel } from '../utils/week';
import { useWindowedRows } from '../utils/use-windowed-rows';
import { RosterCellContent } from './roster-cell';
import type { AssignTarget } from './assign-dialog';
import { ROSTER_EVENT_DRAG_TYPE } from './draggable-events';
import { SharedShiftDetails, type ShiftDetailsTarget } from './shift-chip';

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

/** A row's height before any is measured: the month's two-line name, the week's one shift. */
const ESTIMATED_ROW_PX = { compact: 56, week: 80 };

/**
 * The week (or month) at a desk: a row per person, a column per day, today highlighted. Only the
 * rows in and near the window are rendered (decision 045, addendum: 500 people × 31 days drew in
 * seconds on a slow CPU); the table still says how many rows it has (aria-rowcount, aria-rowindex),
 * and the names stay in a sticky first column. One details panel serves every chip.
 */
export function RosterGrid({ days, today, employees, compact = false, onAssign, dragging = null }: RosterGridProps) {
  const rows = useWindowedRows(employees.length, compact ? ESTIMATED_ROW_PX.compact : ESTIMATED_ROW_PX.week, `${days[0]}:${days.length}:${compact}:${employees.length}`);
  const [details, setDetails] = useState<ShiftDetailsTarget | null>(null);
  const openDetails = useCallback((userId: string, shift: RosterShift, trigger: HTMLElement) => {
    // The open chip again: closes, as its own popover's trigger would.
    setDetails((open) => (open?.open && open.trigger === trigger ? { ...open, open: false } : { shift, userId, trigger, open: true }));
  }, []);
  const closeDetails = useCallback(() => setDetails((open) => (open ? { ...open, open: false } : open)), []);
  // A chip scrolled out of the window (its row no longer rendered) takes its panel with it.
  useEffect(() => {
    if (details?.open && !details.trigger.isConnected) closeDetails();
  });

  return (
    <div className="overflow-x-auto rounded-md border bg-card">
      <table className={cn('table-fixed border-collapse text-sm', compact ? 'min-w-max' : 'w-full')} aria-label="Cuadrante" aria-rowcount={employees.length + 1}>
        <colgroup>
          <col className="w-40" />
          {days.map((day) => (
            <col key={day} className={compact ? 'w-14' : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b" aria-rowindex={1}>
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
        <tbody ref={rows.bodyRef}>
          {rows.before > 0 && <Spacer height={rows.before} columns={days.length + 1} />}
          {employees.slice(rows.start, rows.end).map((person, offset) => (
            <RosterRow
              key={person.userId}
              person={person}
              index={rows.start + offset}
              today={today}
              compact={compact}
              dragging={dragging}
              openEventId={details?.open && details.userId === person.userId ? details.shift.eventId : null}
              onAssign={onAssign}
              onOpenDetails={openDetails}
            />
          ))}
          {rows.after > 0 && <Spacer height={rows.after} columns={days.length + 1} />}
        </tbody>
      </table>
      <SharedShiftDetails details={details} onClose={closeDetails} />
    </div>
  );
}

/** Stands for the rows not rendered: their height, nothing for assistive technology. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} className="p-0" style={{ height }} />
    </tr>
  );
}

interface RosterRowProps {
  person: RosterEmployee;
  index: number;
  today: string;
  compact: boolean;
  dragging: RosterOpenEvent | null;
  openEventId: string | null;
  onAssign: (target: AssignTarget) => void;
  onOpenDetails: (userId: string, shift: RosterShift, trigger: HTMLElement) => void;
}

/** One person's days; memoised, so scrolling renders only the rows coming into the window. */
const RosterRow = memo(function RosterRow({ person, index, today, compact, dragging, openEventId, onAssign, onOpenDetails }: RosterRowProps) {
  /** A dragged event drops on its own day, from today on, for someone not on it yet. */
  const takesDrop = (date: string) => dragging !== null && dragging.date === date && date >= today && !dragging.assignedEmployees.includes(person.userId);
  const openDetails = (shift: RosterShift, trigger: HTMLElement) => onOpenDetails(person.userId, shift, trigger);
  return (
    <tr className="border-b last:border-b-0" data-index={index} aria-rowindex={index + 2}>
      <th scope="row" className="sticky left-0 z-10 bg-card p-2 text-left align-top font-medium break-words">
        {person.name}
      </th>
      {person.cells.map((cell) => {
        const drop = takesDrop(cell.date);
        return (
          <td
            key={cell.date}
            className={cn(
              'border-l align-top',
              compact ? 'p-0.5' : 'p-1',
              cell.date === today && 'bg-primary/5',
              drop && 'bg-green-50 outline-2 -outline-offset-2 outline-green-600 outline-dashed',
            )}
            data-drop-target={drop ? 'true' : undefined}
            onDragOver={
              drop
                ? (event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'copy';
                  }
                : undefined
            }
            onDrop={
              drop
                ? (event) => {
                    const eventId = event.dataTransfer.getData(ROSTER_EVENT_DRAG_TYPE);
                    if (eventId !== dragging?.id) return;
                    event.preventDefault();
                    onAssign({ userId: person.userId, name: person.name, date: cell.date, eventId });
                  }
                : undefined
            }
          >
            <RosterCellContent
              cell={cell}
              personName={person.name}
              past={cell.date < today}
              compact={compact}
              onAssign={() => onAssign({ userId: person.userId, name: person.name, date: cell.date })}
              onOpenDetails={openDetails}
              openEventId={openEventId}
            />
          </td>
        );
      })}
    </tr>
  );
});
