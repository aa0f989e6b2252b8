import { formatLongDate, formatTime } from '@jornada/shared/format';
import { CLAIM_STATE_LABELS, type OpenShift } from '@jornada/shared/schemas/open-shifts';
import { CalendarPlus, MapPin } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-error';
import { useClaimOpenShift, useOpenShifts } from '../api/open-shifts';

const CLAIM_BADGES: Record<NonNullable<OpenShift['myClaim']>, BadgeVariant> = { pending: 'warning', approved: 'success', rejected: 'destructive' };
const placesLeft = (remaining: number) => (remaining === 1 ? 'Queda 1 plaza' : `Quedan ${remaining} plazas`);

function OpenShiftCard({ shift, approval }: { shift: OpenShift; approval: boolean }) {
  const claim = useClaimOpenShift();
  const [error, setError] = useState<string | null>(null);
  const titleId = `open-shift-${shift.eventId}-${shift.categoryId}`;
  const onClaim = () => {
    setError(null);
    claim.mutate(
      { eventId: shift.eventId, categoryId: shift.categoryId },
      {
        onSuccess: (saved) => toast({ title: saved.state === 'pending' ? 'Solicitud enviada' : 'Turno asignado', description: saved.state === 'pending' ? 'Tu supervisor la revisará.' : `Ya tienes «${shift.name}» en Mis Turnos.` }),
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'No se pudo solicitar el turno.'),
      },
    );
  };
  return (
    <Card role="article" className="flex flex-col gap-3 p-4" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="min-w-0 break-words text-base font-semibold">
          {shift.name}
        </h2>
        <Badge variant="secondary">{shift.categoryName}</Badge>
      </div>
      <p className="text-sm">
        {formatLongDate(shift.date)}, {formatTime(shift.date)}–{formatTime(shift.endDate)}
      </p>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="break-words">{shift.location}</span>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">{shift.remaining > 0 ? placesLeft(shift.remaining) : 'Sin plazas libres'}</span>
        {shift.myClaim ? (
          <Badge variant={CLAIM_BADGES[shift.myClaim]}>{shift.myClaim === 'approved' ? 'Asignado' : CLAIM_STATE_LABELS[shift.myClaim]}</Badge>
        ) : (
          <Button size="sm" onClick={onClaim} disabled={claim.isPending || shift.remaining === 0} aria-describedby={titleId}>
            {claim.isPending ? <Spinner /> : <CalendarPlus aria-hidden="true" />}
            Solicitar turno
          </Button>
        )}
      </div>
      {!shift.myClaim && approval && <p className="text-xs text-muted-foreground">Tu supervisor aprobará o rechazará la solicitud.</p>}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </Card>
  );
}

/** 'Turnos abiertos' (issue 27 item 3, decision 051): the open places the person may claim. */
export default function OpenShiftsRoute() {
  const list = useOpenShifts();
  return (
    <>
      <PageHeader title="Turnos Abiertos" description="Plazas libres de tu categoría en eventos en los que puedes trabajar. Solicita las que quieras cubrir." />
      {list.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-3">
            No se pudieron cargar los turnos abiertos.
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      ) : !list.data ? (
        <ListSkeleton rows={3} />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={CalendarPlus}>No hay turnos abiertos para ti ahora mismo.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.data.items.map((shift) => (
            <li key={`${shift.eventId}-${shift.categoryId}`} className="min-w-0">
              <OpenShiftCard shift={shift} approval={list.data.mode === 'approval'} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
