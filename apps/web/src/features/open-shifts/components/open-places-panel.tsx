import { CLAIM_STATE_LABELS } from '@jornada/shared/schemas/open-shifts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDecideClaim, useEventOpenPlaces } from '../api/open-shifts';

/**
 * The event's open places in its detail (decision 051): what is published and left, and the
 * claims; pending ones are approved or rejected here. Nothing when the event has none, or when the
 * role may not manage events (the server answers 403 and the panel stays away).
 */
export function OpenPlacesPanel({ eventId, title = 'Plazas abiertas' }: { eventId: string; title?: string }) {
  const open = useEventOpenPlaces(eventId);
  const decide = useDecideClaim();
  const data = open.data;
  if (!data || (data.places.length === 0 && data.claims.length === 0)) return null;
  const act = (claimId: string, decision: 'approve' | 'reject') =>
    decide.mutate({ claimId, decision }, { onSuccess: () => toast({ title: decision === 'approve' ? 'Solicitud aprobada' : 'Solicitud rechazada' }) });
  return (
    <section aria-labelledby={`open-places-${eventId}`} className="flex flex-col gap-2 text-sm">
      <h3 id={`open-places-${eventId}`} className="font-semibold">
        {title}
      </h3>
      <div className="flex flex-col gap-2">
        <ul className="flex flex-wrap gap-2">
          {data.places.map((place) => (
            <li key={place.categoryId}>
              <Badge variant="outline">
                {place.categoryName}: {place.remaining} de {place.places} libres
              </Badge>
            </li>
          ))}
        </ul>
        {data.claims.length > 0 && (
          <ul className="flex flex-col gap-1.5" aria-label="Solicitudes">
            {data.claims.map((claim) => (
              <li key={claim.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  {claim.userName} <span className="text-muted-foreground">· {claim.categoryName}</span>
                </span>
                {claim.state === 'pending' ? (
                  <span className="flex gap-2">
                    <Badge variant="warning">Pendiente</Badge>
                    <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => act(claim.id, 'reject')} aria-label={`Rechazar la solicitud de ${claim.userName}`}>
                      Rechazar
                    </Button>
                    <Button size="sm" disabled={decide.isPending} onClick={() => act(claim.id, 'approve')} aria-label={`Aprobar la solicitud de ${claim.userName}`}>
                      Aprobar
                    </Button>
                  </span>
                ) : (
                  <Badge variant={claim.state === 'approved' ? 'success' : 'destructive'}>{CLAIM_STATE_LABELS[claim.state]}</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
