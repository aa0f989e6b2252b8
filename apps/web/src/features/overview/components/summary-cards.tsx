import { formatDuration } from '@jornada/shared/format';
import { CalendarCheck, CalendarDays, Clock, ListChecks, type LucideIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useOverviewSummary } from '../api/get-overview-summary';

interface SummaryCardProps {
  label: string;
  value: string | undefined;
  icon: LucideIcon;
}

function SummaryCard({ label, value, icon: Icon }: SummaryCardProps) {
  return (
    <Card className="flex items-start justify-between gap-2 p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1.5 h-8 w-16" />
        ) : (
          <p className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
        )}
      </div>
      <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
    </Card>
  );
}

/** Spec section 2 screen 1: total hours, total events, active events and records. */
export function SummaryCards() {
  const summary = useOverviewSummary();
  if (summary.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>No se pudieron cargar los datos del panel.</AlertDescription>
      </Alert>
    );
  }
  const data = summary.data;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy={summary.isPending}>
      <SummaryCard label="Horas totales" value={data && formatDuration(data.totalMinutes)} icon={Clock} />
      <SummaryCard label="Eventos totales" value={data?.totalEvents.toString()} icon={CalendarDays} />
      <SummaryCard label="Eventos activos" value={data?.activeEvents.toString()} icon={CalendarCheck} />
      <SummaryCard label="Registros" value={data?.recordCount.toString()} icon={ListChecks} />
    </div>
  );
}
