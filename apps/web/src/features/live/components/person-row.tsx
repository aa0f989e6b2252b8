import type { LiveEvent, LivePerson } from '@jornada/shared/schemas/live';
import { Badge } from '@/components/ui/badge';
import { personDetail, stateBadgeVariant } from '../lib/person-detail';
import { ContactLinks } from './contact-links';

interface PersonRowProps {
  person: LivePerson;
  event: LiveEvent;
  graceMinutes: number;
}

/** One assigned person: name, state badge and its times, and the way to reach them. */
export function PersonRow({ person, event, graceMinutes }: PersonRowProps) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={person.name}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{person.name}</span>
          <Badge variant={stateBadgeVariant[person.state]}>{person.state}</Badge>
          {/* Offline and out-of-zone flags of the clock-in go here once records carry them (decision 030). */}
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">{personDetail(person, event, graceMinutes)}</p>
      </div>
      <ContactLinks name={person.name} phone={person.phone} />
    </li>
  );
}
