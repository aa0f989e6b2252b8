import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { PencilLine } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProposeCorrectionDialog } from './propose-correction-dialog-lazy';

/** On the employee's running timer once it is 'Sin cierre': no 'Detener', a correction instead. */
export function SinCierreNotice({ record }: { record: TimeRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg bg-white/10 p-4">
      <p className="font-semibold">Sin cierre</p>
      <p className="text-sm text-blue-100">
        El evento terminó hace más de 2 horas y no fichaste la salida. Solicita una corrección con tu hora real de salida; se aplicará cuando la apruebe un supervisor.
      </p>
      {record.pendingCorrection ? (
        <p className="text-sm font-medium">Tu corrección está pendiente de aprobación.</p>
      ) : (
        <Button variant="inverse" className="w-full sm:w-auto sm:self-start" onClick={() => setOpen(true)}
          onPointerEnter={ProposeCorrectionDialog.preload}
          onFocus={ProposeCorrectionDialog.preload}
        >
          <PencilLine aria-hidden="true" />
          Solicitar corrección
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ProposeCorrectionDialog record={record} byCompany={false} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
