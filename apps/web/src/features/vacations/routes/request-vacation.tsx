import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { useMyVacations } from '../api/get-my-vacations';
import { MyVacationsList } from '../components/my-vacations-list';
import { RequestVacationForm } from '../components/request-vacation-form';

/** Solicitar Vacaciones (Empleado, spec screen 24): the multi-date calendar and the list of own requests. */
export default function RequestVacationRoute() {
  const vacations = useMyVacations();

  return (
    <>
      <PageHeader title="Solicitar Vacaciones" description="Pide días de vacaciones y responde a las que te proponga tu supervisor." />
      {vacations.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-3">
            No se pudieron cargar tus vacaciones.
            <Button variant="outline" size="sm" onClick={() => void vacations.refetch()}>
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
          {vacations.data ? <RequestVacationForm confirmedDays={vacations.data.confirmedDates} /> : <Skeleton className="h-[34rem] rounded-xl" />}
          <section aria-labelledby="my-vacations-title" className="flex min-w-0 flex-col gap-3">
            <h2 id="my-vacations-title" className="text-lg font-semibold">
              Mis solicitudes
            </h2>
            {vacations.data ? <MyVacationsList requests={vacations.data.requests} /> : <ListSkeleton rows={2} rowClassName="h-36" />}
          </section>
        </div>
      )}
    </>
  );
}
