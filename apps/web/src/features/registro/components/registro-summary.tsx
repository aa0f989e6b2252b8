import type { RegistroMonth } from '@jornada/shared/schemas/registro';
import { formatDateTime } from '@jornada/shared/format';
import { formatHoursMinutes } from '@jornada/shared/working-time';
import { Badge } from '@/components/ui/badge';

/** '0 h' rather than '0 min' for an empty total. */
const hours = (minutes: number) => (minutes === 0 ? '0 h' : formatHoursMinutes(minutes));

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <div className="rounded-md border border-border bg-card p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={alert ? 'text-xl font-semibold text-destructive tabular-nums' : 'text-xl font-semibold tabular-nums'}>{value}</dd>
    </div>
  );
}

/** Who, which company, the month's totals and whether the worker signed it. */
export function RegistroSummary({ month }: { month: RegistroMonth }) {
  const { totals, worker } = month;
  return (
    <section aria-label="Resumen del mes" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 break-words">
          <span className="font-semibold">{worker.name}</span>
          {worker.username && <span className="text-muted-foreground"> · {worker.username}</span>}
          <span className="text-muted-foreground"> · {month.company.name}</span>
        </p>
        {month.signedAt ? <Badge variant="success">Firmado el {formatDateTime(month.signedAt)}</Badge> : <Badge variant="warning">Pendiente de firma</Badge>}
      </div>
      {month.changedSinceSigning && (
        <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
          Una corrección aprobada cambió este mes después de la firma: el registro actual ya no coincide con el firmado.
        </p>
      )}
      {month.supersededSignatures.length > 0 && (
        <ul aria-label="Firmas anteriores" className="text-sm text-muted-foreground">
          {month.supersededSignatures.map((item) => (
            <li key={item.signedAt}>
              Firma anterior del {formatDateTime(item.signedAt)} ({hours(item.workedMinutes)}), sustituida por la firma de la nueva versión.
            </li>
          ))}
        </ul>
      )}
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
        <Figure label="Horas trabajadas" value={hours(totals.workedMinutes)} />
        <Figure label="Horas extra del mes" value={hours(totals.overtimeMinutes)} />
        <Figure label="Horas extra del año" value={hours(totals.yearOvertimeMinutes)} alert={totals.yearOvertimeMinutes > month.rules.maxYearlyOvertimeHours * 60} />
        <Figure label="Incumplimientos" value={String(totals.breakCount)} alert={totals.breakCount > 0} />
      </dl>
    </section>
  );
}
