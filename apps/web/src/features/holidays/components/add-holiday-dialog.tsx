import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAddHoliday } from '../api/holidays';

interface AddHolidayDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  year: number;
  companyId: string | null;
}

/** 'Añadir festivo': a community or local holiday; the server's refusal shows in the dialog. */
export function AddHolidayDialog({ open, onOpenChange, year, companyId }: AddHolidayDialogProps) {
  const add = useAddHoliday();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'autonomico' | 'local'>('local');

  const close = (next: boolean) => {
    if (add.isPending) return;
    if (!next) {
      setDate('');
      setName('');
      setKind('local');
      add.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { date, name, kind, ...(companyId ? { companyId } : {}) },
      {
        onSuccess: (holiday) => {
          toast({ title: 'Festivo añadido', description: `${holiday.name} (${holiday.date}).` });
          close(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Añadir festivo</DialogTitle>
          <DialogDescription>Un festivo de la comunidad autónoma o uno local de la empresa.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {add.error && <Alert variant="destructive">{add.error.message}</Alert>}
          <FormField id="holiday-date" label="Fecha">
            <Input id="holiday-date" type="date" required min={`${year}-01-01`} max={`${year}-12-31`} value={date} onChange={(event) => setDate(event.target.value)} />
          </FormField>
          <FormField id="holiday-name" label="Nombre">
            <Input id="holiday-name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} placeholder="San Isidro" />
          </FormField>
          <FormField id="holiday-kind" label="Tipo">
            <NativeSelect id="holiday-kind" value={kind} onChange={(event) => setKind(event.target.value as 'autonomico' | 'local')}>
              <option value="autonomico">Autonómico</option>
              <option value="local">Local</option>
            </NativeSelect>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={add.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending && <Spinner />}
              Añadir festivo
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
