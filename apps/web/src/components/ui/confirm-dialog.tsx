import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { Spinner } from './spinner';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Extra content between the description and the buttons (e.g. a field to type a name). */
  children?: ReactNode;
  /** The confirming button's text: what it does ('Eliminar evento'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** True while the confirmed action runs: the buttons are disabled and a spinner shows. */
  pending?: boolean;
  /** Keeps the confirming button disabled (e.g. until the typed name matches). */
  confirmDisabled?: boolean;
  destructive?: boolean;
}

/** Asks before an irreversible action; the caller closes it when the action succeeds. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  confirmDisabled = false,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-col gap-2">{description}</div>
          </DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Cancelar
            </Button>
          </DialogClose>
          <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm} disabled={pending || confirmDisabled}>
            {pending && <Spinner />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
