import type { Event } from '@jornada/shared/schemas/events';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { eventRangeLines } from '../utils/event-dates';
import { AssigneeSummary, StaffAnswerCounts } from './assignee-names';
import { EventActions, type EventAction } from './event-actions';
import { EventStatusBadge } from './event-status-badge';

interface ManagedEventsTableProps {
  events: Event[];
  showCompany: boolean;
  onAction: (action: EventAction, event: Event) => void;
}

/** Manage events on a desktop: one row per event. */
export function ManagedEventsTable({ events, showCompany, onAction }: ManagedEventsTableProps) {
  return (
    <Table>
      <TableCaption>Eventos</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Nombre</TableHead>
          <TableHead>Fecha</TableHead>
          <TableHead>Estado</TableHead>
          <TableHead>Personal</TableHead>
          <TableHead>
            <span className="sr-only">Acciones</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="max-w-64 min-w-40">
              <p className="font-medium break-words">{event.name}</p>
              <p className="text-muted-foreground break-words">{event.location}</p>
              {showCompany && <p className="text-xs text-muted-foreground">{event.companyName}</p>}
            </TableCell>
            <TableCell className="tabular-nums whitespace-nowrap">
              {eventRangeLines(event).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </TableCell>
            <TableCell>
              <EventStatusBadge status={event.status} />
            </TableCell>
            <TableCell className="max-w-52">
              <AssigneeSummary names={event.assignedEmployeeNames} />
              <StaffAnswerCounts event={event} />
            </TableCell>
            <TableCell>
              <EventActions event={event} onAction={onAction} className="justify-end" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
