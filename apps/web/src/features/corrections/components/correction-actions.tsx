import type { Correction } from '@jornada/shared/schemas/corrections';
import { Check, Undo2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormField } from '@/components/ui/form-field';
import { SignaturePad, type SignaturePadHandle } from '@/components/ui/signature-pad';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useDecideCorrection } from '../api/corrections';
import { CorrectionValues } from './correction-values';

type Open = 'approve' | 'reject' | 'withdraw' | null;

function toastError(error: unknown, fallback: string) {
  if (isSessionEnded(error)) return;
  toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, fallback) });
}

/**
 * The caller's answers to a correction, as the server allows them: approve or reject when they are
 * the other side (the worker signs to approve), withdraw their own pending proposal.
 */
export function CorrectionActions({ correction }: { correction: Correction }) {
  const [open, setOpen] = useState<Open>(null);
  const [note, setNote] = useState('');
  const decide = useDecideCorrection();
  const close = () => {
    setOpen(null);
    setNote('');
  };
  const byWorker = correction.proposerSide === 'empresa';
  if (!correction.canDecide && !correction.canWithdraw) return null;

  const run = (action: 'approve' | 'reject' | 'withdraw', body: { signature?: string; note?: string } | undefined, done: string) =>
    decide.mutate(
      { id: correction.id, action, body },
      {
        onSuccess: () => {
          toast({ title: done });
          close();
        },
        onError: (error) => toastError(error, 'No se pudo completar la acción.'),
      },
    );

  return (
    <>
      {correction.canDecide && (
        <>
          <Button onClick={() => setOpen('approve')}>
            <Check aria-hidden="true" />
            Aprobar
          </Button>
          <Button variant="destructive-outline" onClick={() => setOpen('reject')}>
            <X aria-hidden="true" />
            Rechazar
          </Button>
        </>
      )}
      {correction.canWithdraw && (
        <Button variant="outline" onClick={() => setOpen('withdraw')}>
          <Undo2 aria-hidden="true" />
          Retirar
        </Button>
      )}
      {open === 'approve' && byWorker && <SignedApprovalDialog correction={correction} onClose={close} />}
      <ConfirmDialog
        open={open === 'approve' && !byWorker}
        onOpenChange={(next) => !next && close()}
        title="Aprobar corrección"
        description={<span>El fichaje de {correction.userName ?? 'el empleado'} tomará las nuevas horas; los valores anteriores quedan en su historial.</span>}
        confirmLabel="Aprobar corrección"
        destructive={false}
        pending={decide.isPending}
        onConfirm={() => run('approve', note.trim() ? { note: note.trim() } : {}, 'Corrección aprobada')}
      >
        <NoteField value={note} onChange={setNote} />
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'reject'}
        onOpenChange={(next) => !next && close()}
        title="Rechazar corrección"
        description={<span>El fichaje no cambiará.</span>}
        confirmLabel="Rechazar corrección"
        pending={decide.isPending}
        onConfirm={() => run('reject', note.trim() ? { note: note.trim() } : {}, 'Corrección rechazada')}
      >
        <NoteField value={note} onChange={setNote} />
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'withdraw'}
        onOpenChange={(next) => !next && close()}
        title="Retirar propuesta"
        description={<span>La corrección quedará retirada en el historial y el fichaje no cambiará.</span>}
        confirmLabel="Retirar propuesta"
        pending={decide.isPending}
        onConfirm={() => run('withdraw', undefined, 'Propuesta retirada')}
      />
    </>
  );
}

function NoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormField id="correction-note" label="Nota (opcional)">
      <Textarea id="correction-note" value={value} maxLength={500} onChange={(event) => onChange(event.target.value)} className="min-h-16" />
    </FormField>
  );
}

/** The worker approves a company proposal with their signature (the legal agreement of both sides). */
function SignedApprovalDialog({ correction, onClose }: { correction: Correction; onClose: () => void }) {
  const pad = useRef<SignaturePadHandle>(null);
  const [missing, setMissing] = useState(false);
  const decide = useDecideCorrection();
  const onApprove = () => {
    const signature = pad.current?.toDataUrl();
    if (!signature) {
      setMissing(true);
      return;
    }
    decide.mutate(
      { id: correction.id, action: 'approve', body: { signature } },
      {
        onSuccess: () => {
          toast({ title: 'Corrección aprobada', description: correction.missingRecord ? 'El fichaje se ha dado de alta con tu firma.' : 'Tu fichaje se ha corregido con tu firma.' });
          onClose();
        },
        onError: (error) => toastError(error, 'No se pudo aprobar la corrección.'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !decide.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Aprobar corrección</DialogTitle>
          <DialogDescription>
            {correction.missingRecord ? 'Firma para aceptar que se dé de alta este fichaje que faltaba.' : 'Firma para aceptar que tu fichaje pase a tener estas horas.'} Motivo: {correction.reason}
          </DialogDescription>
        </DialogHeader>
        <CorrectionValues before={{ start: correction.beforeStart, end: correction.beforeEnd }} after={{ start: correction.afterStart, end: correction.afterEnd }} />
        <SignaturePad ref={pad} label="Tu firma" onChange={(empty) => !empty && setMissing(false)} disabled={decide.isPending} />
        <FieldError role="alert">{missing ? 'Firma para aprobar la corrección.' : undefined}</FieldError>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
            Cancelar
          </Button>
          <Button onClick={onApprove} disabled={decide.isPending}>
            {decide.isPending && <Spinner />}
            Firmar y aprobar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
