import { formatDuration } from '@jornada/shared/format';
import { Clock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useMyHours } from '../api/get-my-hours';
import { useMyPayroll } from '../api/get-my-payroll';
import { MonthBreakdown } from '../components/month-breakdown';
import { useAuth } from '@/lib/auth';
import { MonthPicker } from '@/components/ui/month-picker';
import { MonthRecords } from '../components/month-records';
import { MissingRecordButton } from '@/features/corrections/components/missing-record-button';
import { currentMonth, monthLabel, parseMonth } from '@/lib/month';

/** Mis Horas: one month (company time zone) of the user's records, its total and, for an Empleado, its payroll breakdown. */
export default function MyHoursRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The month lives in the address, so a reload or a shared link keeps it.
  const month = parseMonth(searchParams.get('month')) ?? currentMonth();
  const label = monthLabel(month);
  const hours = useMyHours(month);
  // Only Empleados are on the payroll sheet ('Pagos'); a Supervisor's Mis Horas has no breakdown.
  const { isEmployee } = useAuth();
  const payroll = useMyPayroll(month, isEmployee);
  const setMonth = (next: string) => setSearchParams(next === currentMonth() ? {} : { month: next }, { replace: true });

  return (
    <>
      <PageHeader title="Mis Horas" description="Tus fichajes y horas trabajadas de cada mes." />
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <MonthPicker month={month} onChange={setMonth} />
          <MissingRecordButton />
        </div>
        <section aria-labelledby="month-total" className="flex items-center gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden="true">
            <Clock className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="month-total" className="text-sm font-medium text-muted-foreground">
              Total de {label}
            </h2>
            {hours.data && !hours.isError ? (
              <p className={cn('text-3xl font-bold tabular-nums transition-opacity', hours.isPlaceholderData && 'opacity-60')}>
                {formatDuration(hours.data.totalMinutes)}
              </p>
            ) : hours.isError ? (
              <p className="text-3xl font-bold">—</p>
            ) : (
              <Skeleton className="mt-1 h-9 w-28" />
            )}
          </div>
          {hours.isFetching && hours.data && <Spinner className="size-5 text-muted-foreground" />}
        </section>
        {isEmployee && <MonthBreakdown data={payroll.data} isError={payroll.isError} stale={payroll.isPlaceholderData} onRetry={() => void payroll.refetch()} />}
        {hours.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-col items-start gap-3">
              No se pudieron cargar los registros de este mes.
              <Button variant="outline" size="sm" onClick={() => void hours.refetch()}>
                Reintentar
              </Button>
            </AlertDescription>
          </Alert>
        ) : hours.data ? (
          <div className={cn('transition-opacity', hours.isPlaceholderData && 'opacity-60')} aria-busy={hours.isPlaceholderData}>
            <MonthRecords records={hours.data.records} label={label} />
          </div>
        ) : (
          <div role="status" aria-label="Cargando">
            <Skeleton className="h-48" />
          </div>
        )}
      </div>
    </>
  );
}
