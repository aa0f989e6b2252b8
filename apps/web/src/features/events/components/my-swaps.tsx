import { ArrowLeftRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useMySwaps, useSwapAction } from '../api/shift-swaps';
import { ShiftSwapItem } from './shift-swap-item';

/** Mis Turnos → 'Cambios': the offers and proposals I can take, and mine (decision 052). */
export function MySwaps() {
  const swaps = useMySwaps();
  const me = useAuth().session?.profile.id;
  const action = useSwapAction();
  if (swaps.isPending) return <ListSkeleton rows={2} />;
  const available = swaps.data?.available ?? [];
  const mine = swaps.data?.mine ?? [];
  const run = (id: string, kind: 'take' | 'cancel') =>
    action.mutate(
      { id, action: kind },
      { onSuccess: () => toast({ title: kind === 'take' ? 'Turno aceptado' : 'Propuesta retirada', description: kind === 'take' ? 'Falta la aprobación de un supervisor.' : undefined }) },
    );

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="swaps-available" className="flex flex-col gap-3">
        <h2 id="swaps-available" className="text-lg font-semibold">
          Puedes aceptar
        </h2>
        {available.length === 0 ? (
          <EmptyState icon={ArrowLeftRight}>No hay turnos ofrecidos ni cambios propuestos para ti.</EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Turnos que puedes aceptar">
            {available.map((swap) => (
              <ShiftSwapItem key={swap.id} swap={swap}>
                <Button className="self-start" onClick={() => run(swap.id, 'take')} disabled={action.isPending}>
                  {swap.kind === 'offer' ? 'Coger turno' : 'Aceptar cambio'}
                </Button>
              </ShiftSwapItem>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="swaps-mine" className="flex flex-col gap-3">
        <h2 id="swaps-mine" className="text-lg font-semibold">
          Mis ofrecimientos y cambios
        </h2>
        {mine.length === 0 ? (
          <EmptyState>Aún no has ofrecido ni propuesto cambiar ningún turno.</EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Mis ofrecimientos y cambios">
            {mine.map((swap) => (
              <ShiftSwapItem key={swap.id} swap={swap}>
                {(swap.state === 'open' || swap.state === 'taken') && swap.fromUserId === me && (
                  <Button variant="outline" className="self-start" onClick={() => run(swap.id, 'cancel')} disabled={action.isPending}>
                    Retirar
                  </Button>
                )}
              </ShiftSwapItem>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
