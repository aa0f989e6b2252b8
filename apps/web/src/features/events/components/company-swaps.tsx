import { ArrowLeftRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCompanySwaps, useSwapAction } from '../api/shift-swaps';
import { ShiftSwapItem } from './shift-swap-item';

/** 'Cambios de turno': those a colleague took wait for a supervisor's approval (decision 052). */
export function CompanySwaps() {
  const swaps = useCompanySwaps();
  const action = useSwapAction();
  if (swaps.isPending) return <ListSkeleton rows={2} />;
  const items = swaps.data?.items ?? [];
  const decide = (id: string, kind: 'approve' | 'reject') =>
    action.mutate({ id, action: kind }, { onSuccess: () => toast({ title: kind === 'approve' ? 'Cambio aprobado' : 'Cambio rechazado' }) });
  if (items.length === 0) return <EmptyState icon={ArrowLeftRight}>No hay cambios de turno.</EmptyState>;
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Cambios de turno">
      {items.map((swap) => (
        <ShiftSwapItem key={swap.id} swap={swap}>
          {swap.state === 'taken' && (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => decide(swap.id, 'approve')} disabled={action.isPending} className="flex-1 sm:flex-none">
                Aprobar
              </Button>
              <Button variant="destructive-outline" onClick={() => decide(swap.id, 'reject')} disabled={action.isPending} className="flex-1 sm:flex-none">
                Rechazar
              </Button>
            </div>
          )}
        </ShiftSwapItem>
      ))}
    </ul>
  );
}
