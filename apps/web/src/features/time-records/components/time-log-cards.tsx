import type { TimeLogEntry } from '@jornada/shared/schemas/time-records';
import { Badge } from '@/components/ui/badge';
import { RecordCorrectionButtons, RecordFlags } from '@/features/corrections/components/record-correction-buttons';
import { useAuth } from '@/lib/auth';
import { describeEntry } from '@/lib/time-records/time-log-entry';
import { LocationPopover } from './location-popover';
import { RecordFlagBadges } from '@/components/record-flag-badges';
import { RecordEvidence } from './record-evidence';

interface TimeLogCardsProps {
  entries: TimeLogEntry[];
  showCompany: boolean;
}

/** The time log on phones: one card per record. */
export function TimeLogCards({ entries, showCompany }: TimeLogCardsProps) {
  const me = useAuth().session?.profile.id;
  return (
    <ul aria-label="Fichajes" className="flex flex-col gap-3">
      {entries.map((entry) => {
        const row = describeEntry(entry);
        return (
          <li key={entry.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">{row.user}</p>
                <p className="break-words text-muted-foreground">{row.event}</p>
                {showCompany && <p className="text-sm break-words text-muted-foreground">{row.company}</p>}
              </div>
              {row.duration ? (
                <span className="shrink-0 text-lg font-bold tabular-nums">{row.duration}</span>
              ) : entry.sinCierre ? null : (
                <Badge variant="success">Activo</Badge>
              )}
            </div>
            <div className="mt-3 flex items-end justify-between gap-3">
              <div className="text-sm">
                <p>{row.date}</p>
                <p className="tabular-nums text-muted-foreground">
                  {row.start} – {row.end ?? 'Activo'}
                </p>
              </div>
              <LocationPopover startLocation={entry.startLocation} endLocation={entry.endLocation} subject={row.subject} />
            </div>
            <RecordEvidence record={entry} />
            <div className="mt-2 flex flex-wrap items-center gap-1">
              <RecordFlags record={entry} />
              <RecordFlagBadges flags={entry.flags} />
              <RecordCorrectionButtons record={entry} byCompany={entry.userId !== me} workerName={row.user} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
