import { CalendarDays } from 'lucide-react';
import { dayCount, describeDays } from '../lib/vacation-days';

/** A request's days as runs of consecutive days, with the total. */
export function VacationDaysList({ dates }: { dates: readonly string[] }) {
  const runs = describeDays(dates);
  return (
    <div className="flex items-start gap-2 text-sm">
      <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">{dayCount(dates.length)}</p>
        <ul className="text-muted-foreground">
          {runs.map((run) => (
            <li key={run} className="break-words">
              {run}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
