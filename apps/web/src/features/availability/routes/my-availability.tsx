import type { Unavailability } from '@jornada/shared/schemas/availability';
import { describeUnavailability } from '@jornada/shared/schemas/availability';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDeleteUnavailability, useMyUnavailability } from '../api/availability';
import { UnavailabilityForm } from '../components/unavailability-form';
import { UnavailabilityList } from '../components/unavailability-list';

/** Mi Disponibilidad (issue 27 item 5, decision 044): when I cannot work, by dates or every week. */
export default function MyAvailabilityRoute() {
  const list = useMyUnavailability();
  const remove = useDeleteUnavailability();
  const [deleting, setDeleting] = useState<Unavailability | null>(null);

  return (
    <>
      <PageHeader title="Mi Disponibilidad" description="Marca los días y las horas en que no puedes trabajar. Tu supervisor lo verá al asignarte." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <UnavailabilityForm />
        <section aria-labelledby="my-unavailability-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="my-unavailability-title" className="text-lg font-semibold">
            Cuándo no puedo trabajar
          </h2>
          {list.isError ? (
            <Alert variant="destructive">
              <AlertDescription className="flex flex-col items-start gap-3">
                No se pudo cargar tu disponibilidad.
                <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                  Reintentar
                </Button>
              </AlertDescription>
            </Alert>
          ) : list.data ? (
            <UnavailabilityList items={list.data.items} onDelete={setDeleting} emptyText="No has marcado ningún periodo: estás disponible siempre." />
          ) : (
            <ListSkeleton rows={2} />
          )}
        </section>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Quitar periodo"
        description={deleting ? `Volverás a estar disponible: ${describeUnavailability(deleting)}.` : ''}
        confirmLabel="Quitar"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ title: 'Periodo quitado' });
            },
          })
        }
      />
    </>
  );
}
