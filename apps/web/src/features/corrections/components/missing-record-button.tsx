import { CalendarPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/lib/lazy-dialog';

const ProposeMissingRecordDialog = lazyDialog(() => import('./propose-missing-record-dialog').then((module) => module.ProposeMissingRecordDialog));

/** 'Dar de alta un fichaje olvidado', for the worker's own record (Mis Horas, Correcciones). */
export function MissingRecordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} onPointerEnter={ProposeMissingRecordDialog.preload} onFocus={ProposeMissingRecordDialog.preload}>
        <CalendarPlus aria-hidden="true" />
        Dar de alta un fichaje olvidado
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ProposeMissingRecordDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
