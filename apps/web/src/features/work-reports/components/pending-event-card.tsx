import type { PendingReportEvent } from '@jornada/shared/schemas/work-reports';
import { FilePlus2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EventWhen } from './event-when';

/** A finished event without a report, with 'Generar Parte'. */
export function PendingEventCard({ event, onGenerate }: { event: PendingReportEvent; onGenerate: () => void }) {
  const titleId = `pending-event-${event.id}`;
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 id={titleId} className="font-semibold break-words">
        {event.name}
      </h3>
      <EventWhen startTime={event.startTime} endTime={event.endTime} location={event.location} />
      <Button className="mt-auto w-full sm:w-auto sm:self-start" aria-label={`Generar Parte de ${event.name}`} onClick={onGenerate}>
        <FilePlus2 aria-hidden="true" />
        Generar Parte
      </Button>
    </Card>
  );
}
