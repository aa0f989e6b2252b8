import { formatDuration, formatHourlyPrice, formatLongDate } from '@jornada/shared/format';
import type { MyPayrollResponse } from '@jornada/shared/schemas/payroll';
import { Badge } from '@/components/ui/badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PayrollConcepts } from '@/components/payroll/payroll-concepts';
import { cn } from '@/lib/cn';

interface MonthBreakdownProps {
  data: MyPayrollResponse | undefined;
  isError: boolean;
  /** The previous month still on screen while this one loads. */
  stale: boolean;
  onRetry: () => void;
}

/**
 * 'Desglose del mes': the employee's own line of the month's payroll sheet, the same figures
 * 'Pagos' shows their supervisor: hours and amounts per concept, the monthly pluses, the total,
 * and whether the company has closed the month (then the figures are frozen).
 */
export function MonthBreakdown({ data, isError, stale, onRetry }: MonthBreakdownProps) {
  const line = data?.line ?? null;
  return (
    <section aria-labelledby="month-breakdown" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="month-breakdown" className="font-semibold">
          Desglose del mes
        </h2>
        {data && !isError && (data.closed ? <Badge variant="success">Mes cerrado</Badge> : <Badge variant="warning">Mes abierto</Badge>)}
      </div>
      {isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-3">
            No se pudo cargar el desglose de este mes.
            <Button variant="outline" size="sm" onClick={onRetry}>
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      ) : !data ? (
        <div role="status" aria-label="Cargando el desglose">
          <Skeleton className="h-40" />
        </div>
      ) : (
        <div className={cn('flex flex-col gap-3 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
          <p className="text-sm text-muted-foreground">
            {data.closed
              ? `Tu empresa cerró este mes${data.closedAt ? ` el ${formatLongDate(data.closedAt)}` : ''}: estas cifras ya no cambian.`
              : 'Provisional: se recalcula con tus fichajes hasta que tu empresa cierre el mes.'}
          </p>
          {line ? (
            // On a desk the prices sit beside the concepts, so the table's figures stay near their labels.
            <div className="flex flex-col gap-3 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-6">
              <Rates line={line} dailyLimitMinutes={data.dailyLimitMinutes} />
              <PayrollConcepts line={line} notes className="lg:col-start-1 lg:row-start-1" />
            </div>
          ) : (
            <p className="text-sm">Este mes no tienes desglose de nómina en Jornada.</p>
          )}
        </div>
      )}
    </section>
  );
}

/** The prices the amounts were computed with, so each line can be checked by hand. */
function Rates({ line, dailyLimitMinutes }: { line: NonNullable<MyPayrollResponse['line']>; dailyLimitMinutes: number | null }) {
  if (line.hourlyRateCents === null) {
    return <p className="text-sm text-muted-foreground">Tu categoría se paga por convenio: aquí ves tus horas por concepto; los importes los calcula tu empresa.</p>;
  }
  const prices = [
    { label: 'Precio ordinario', value: formatHourlyPrice(line.hourlyRateCents / 100) },
    line.nightPlusPerHourCents > 0 && { label: 'Plus de nocturnidad', value: formatHourlyPrice(line.nightPlusPerHourCents / 100) },
    line.holidayPlusPerHourCents > 0 && { label: 'Plus de festivos', value: formatHourlyPrice(line.holidayPlusPerHourCents / 100) },
    dailyLimitMinutes !== null && { label: 'Horas extra', value: `más de ${formatDuration(dailyLimitMinutes)} al día` },
  ].filter((price) => price !== false);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-lg bg-muted/60 p-3 text-sm sm:grid-cols-2 lg:grid-cols-1">
      {prices.map((price) => (
        <div key={price.label} className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{price.label}</dt>
          <dd className="text-right font-medium tabular-nums">{price.value}</dd>
        </div>
      ))}
    </dl>
  );
}
