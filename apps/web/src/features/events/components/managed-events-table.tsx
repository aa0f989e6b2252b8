import type { Event } from '@jornada/shared/schemas/events';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatEventRange } from '../utils/event-dates';
import { AssigneeSummary } from './assignee-names';
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
          {showCompany && <TableHead>Empresa</TableHead>}
          <TableHead>
            <span className="sr-only">Acciones</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id}>
            <TableCell className="max-w-56">
              <p className="font-medium break-words">{event.name}</p>
              <p className="text-muted-foreground break-words">{event.location}</p>
            </TableCell>
            <TableCell className="tabular-nums">{formatEventRange(event)}</TableCell>
            <TableCell>
              <EventStatusBadge status={event.status} />
            </TableCell>
            <TableCell className="max-w-56">
              <AssigneeSummary names={event.assignedEmployeeNames} />
            </TableCell>
            {showCompany && <TableCell>{event.companyName}</TableCell>}
            <TableCell>
              <EventActions event={event} onAction={onAction} className="justify-end" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
