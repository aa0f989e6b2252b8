import { formatTime } from '@jornada/shared/format';
import { Radio, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useCompanies } from '@/lib/companies/get-companies';
import { useLiveView } from '../api/get-live-view';
import { LiveEventCard } from '../components/live-event-card';
import { LiveSummary } from '../components/live-summary';

/** 'Ahora' (decision 030): every shift under way and starting soon, who came and who did not. */
export default function LiveRoute() {
  const { isAdmin } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const companyId = isAdmin ? searchParams.get('company') : null;
  const live = useLiveView(companyId);
  const companies = useCompanies(isAdmin);
  const companyNames = new Map(companies.data?.map((company) => [company.id, company.name]));
  const data = live.data;

  return (
    <>
      <PageHeader
        title="Ahora"
        description={`Turnos en curso y los que empiezan en las próximas ${data?.hours ?? 3} horas. Se actualiza solo.`}
        actions={
          <Button variant="outline" onClick={() => void live.refetch()} disabled={live.isFetching}>
            <RefreshCw aria-hidden="true" className={live.isFetching ? 'animate-spin' : undefined} />
            Actualizar
          </Button>
        }
      />
      {isAdmin && (
        <div className="mb-4">
          <CompanyPicker
            id="live-company"
            empty="all"
            className="sm:w-72"
            value={companyId ?? ''}
            onChange={(event) => setSearchParams(event.target.value ? { company: event.target.value } : {}, { replace: true })}
          />
        </div>
      )}
      {live.isPending ? (
        <ListSkeleton rows={3} rowClassName="h-48" />
      ) : !data ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-3">
            No se pudo cargar la vista en directo.
            <Button variant="outline" size="sm" onClick={() => void live.refetch()}>
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            {live.isRefetchError
              ? `No se pudo actualizar: datos de las ${formatTime(data.now)}. Se volverá a intentar enseguida.`
              : `Actualizado a las ${formatTime(data.now)}. Margen de llegada: ${data.graceMinutes} minutos.`}
          </p>
          {data.events.length === 0 ? (
            <EmptyState icon={<Radio />}>No hay turnos en curso ni en las próximas {data.hours} horas.</EmptyState>
          ) : (
            <>
              <LiveSummary events={data.events} />
              <ul className="grid gap-4 lg:grid-cols-2" aria-label="Turnos">
                {data.events.map((event) => (
                  <li key={event.id}>
                    <LiveEventCard event={event} graceMinutes={data.graceMinutes} companyName={isAdmin ? companyNames.get(event.companyId) : undefined} />
                  </li>
                ))}
              </ul>
              {data.truncated && <p className="mt-4 text-sm text-muted-foreground">Se muestran los primeros {data.events.length} turnos.</p>}
            </>
          )}
        </>
      )}
    </>
  );
}
