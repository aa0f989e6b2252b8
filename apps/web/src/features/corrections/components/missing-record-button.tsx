import { CalendarPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/lib/lazy-dialog';

const ProposeMissingRecordDialog = lazyDialog(() => import('./propose-missing-record-dialog').then((module) => module.ProposeMissingRecordDialog));

/**
 * 'Dar de alta un fichaje olvidado': the caller's own forgotten record (Mis Horas, Correcciones), or
 * with `forWorker` the company side's proposal for a worker it picks (the worker accepts with a signature).
 */
export function MissingRecordButton({ forWorker = false }: { forWorker?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} onPointerEnter={ProposeMissingRecordDialog.preload} onFocus={ProposeMissingRecordDialog.preload}>
        <CalendarPlus aria-hidden="true" />
        {forWorker ? 'Proponer alta para un trabajador' : 'Dar de alta un fichaje olvidado'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ProposeMissingRecordDialog forWorker={forWorker} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
