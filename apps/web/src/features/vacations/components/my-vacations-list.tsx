import type { Vacation } from '@jornada/shared/schemas/vacations';
import { CalendarOff } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/use-toast';
import { useDeclineVacation } from '../api/decline-vacation';
import { describeDays } from '../lib/vacation-days';
import { ConfirmVacationDialog } from './confirm-vacation-dialog';
import { MyVacationCard } from './my-vacation-card';

/** The employee's requests, newest first; proposals waiting for them open the signature or the refusal. */
export function MyVacationsList({ requests }: { requests: readonly Vacation[] }) {
  const [confirming, setConfirming] = useState<Vacation | null>(null);
  const [declining, setDeclining] = useState<Vacation | null>(null);
  const decline = useDeclineVacation();

  if (requests.length === 0) {
    return <EmptyState icon={<CalendarOff />}>Todavía no tienes solicitudes de vacaciones.</EmptyState>;
  }

  return (
    <>
      <ul className="flex flex-col gap-3">
        {requests.map((vacation) => (
          <li key={vacation.id}>
            <MyVacationCard vacation={vacation} onConfirm={setConfirming} onDecline={setDeclining} />
          </li>
        ))}
      </ul>
      <ConfirmVacationDialog vacation={confirming} onClose={() => setConfirming(null)} />
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title="Rechazar vacaciones"
        description={<span>Rechazarás los días propuestos ({describeDays(declining?.dates ?? []).join('; ')}). Esta respuesta no se puede cambiar.</span>}
        confirmLabel="Rechazar vacaciones"
        pending={decline.isPending}
        onConfirm={() =>
          declining &&
          decline.mutate(declining.id, {
            onSuccess: () => {
              toast({ title: 'Respuesta Enviada', description: 'Has rechazado las vacaciones.' });
              setDeclining(null);
            },
          })
        }
      />
    </>
  );
}
