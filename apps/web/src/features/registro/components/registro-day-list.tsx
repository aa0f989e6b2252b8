import type { RegistroMonth } from '@jornada/shared/schemas/registro';
import { formatTime } from '@jornada/shared/format';
import { formatHoursMinutes } from '@jornada/shared/working-time';
import { Badge } from '@/components/ui/badge';
import { RecordFlagBadges } from '@/components/record-flag-badges';

type Day = RegistroMonth['days'][number];

const weekdays = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'] as const;

function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${weekdays[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]} ${String(date).padStart(2, '0')}/${String(month).padStart(2, '0')}`;
}

function DayRow({ day }: { day: Day }) {
  return (
    <li className="flex flex-col gap-2 border-b border-border px-3 py-3 last:border-b-0 sm:grid sm:grid-cols-[7rem_1fr_7rem_7rem] sm:items-start sm:gap-3">
      <span className="font-medium capitalize">{dayLabel(day.day)}</span>
      <ul className="flex flex-col gap-1">
        {day.entries.map((entry) => (
          <li key={entry.start} className="flex flex-wrap items-center gap-2 tabular-nums">
            <span>
              {formatTime(entry.start)} – {entry.end ? formatTime(entry.end) : 'Sin cierre'}
            </span>
            {entry.end && <span className="text-muted-foreground">({formatHoursMinutes(entry.workedMinutes)})</span>}
            {entry.addedByCorrection ? <Badge variant="secondary">Alta por corrección</Badge> : entry.corrected && <Badge variant="secondary">Corregido</Badge>}
            <RecordFlagBadges flags={entry.flags} />
          </li>
        ))}
        {day.breaks.map((item) => (
          <li key={item.rule} className="text-sm font-medium text-destructive">
            {item.message}
          </li>
        ))}
      </ul>
      <span className="tabular-nums">
        <span className="text-muted-foreground sm:sr-only">Total: </span>
        {formatHoursMinutes(day.workedMinutes)}
      </span>
      <span className="tabular-nums">
        <span className="text-muted-foreground sm:sr-only">Extra: </span>
        {day.overtimeMinutes > 0 ? formatHoursMinutes(day.overtimeMinutes) : '—'}
      </span>
    </li>
  );
}

/** The month's worked days (start, end, worked time, corrections, broken rules); the PDF lists every day. */
export function RegistroDayList({ days }: { days: RegistroMonth['days'] }) {
  const worked = days.filter((day) => day.entries.length > 0 || day.breaks.length > 0);
  if (worked.length === 0) return <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">No hay fichajes en este mes.</p>;
  return (
    <div className="rounded-md border border-border bg-card">
      <div aria-hidden="true" className="hidden border-b border-border bg-muted px-3 py-2 text-sm font-semibold sm:grid sm:grid-cols-[7rem_1fr_7rem_7rem] sm:gap-3">
        <span>Día</span>
        <span>Entrada – Salida</span>
        <span>Total día</span>
        <span>Horas extra</span>
      </div>
      <ul aria-label="Días trabajados">
        {worked.map((day) => (
          <DayRow key={day.day} day={day} />
        ))}
      </ul>
    </div>
  );
}
