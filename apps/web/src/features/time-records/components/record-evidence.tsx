import type { RecordPresence } from '@jornada/shared/schemas/time-records';
import { describePresence } from '../lib/record-evidence';

/** For supervisors: what backs a flagged record, under its badges. */
export function RecordEvidence({ record }: { record: { presence: RecordPresence | null; startTime: string; endTime: string | null } }) {
  const lines = describePresence(record.presence, record);
  if (lines.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground" aria-label="Pruebas del fichaje">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
