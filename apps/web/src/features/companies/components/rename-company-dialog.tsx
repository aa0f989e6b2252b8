import { zodResolver } from '@hookform/resolvers/zod';
import { companyRequestSchema, type Company, type CompanyRequest } from '@jornada/shared/schemas/companies';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useRenameCompany } from '../api/rename-company';

export function RenameCompanyDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const renameCompany = useRenameCompany();
  const form = useForm<CompanyRequest>({ resolver: zodResolver(companyRequestSchema), defaultValues: { name: company.name } });
  const error = form.formState.errors.name?.message;

  const onSubmit = form.handleSubmit((values) =>
    renameCompany.mutate(
      { id: company.id, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Empresa actualizada' });
          onClose();
        },
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !renameCompany.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar empresa</DialogTitle>
          <DialogDescription>Cambia el nombre con el que aparece la empresa en toda la plataforma.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField id="rename-company-name" label="Nombre" error={error}>
            <Input id="rename-company-name" maxLength={200} {...form.register('name')} {...fieldAria('rename-company-name', error)} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={renameCompany.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={renameCompany.isPending}>
              {renameCompany.isPending && <Spinner />}
              Guardar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
