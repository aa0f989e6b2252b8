import type { Company } from '@jornada/shared/schemas/companies';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useDeleteCompany } from '../api/delete-company';

/** Decision 8: the administrator types the company's name, since everything of the company goes with it. */
export function DeleteCompanyDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const deleteCompany = useDeleteCompany();
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === company.name;

  const onConfirm = () =>
    deleteCompany.mutate(
      { id: company.id, confirmName: typed.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Empresa eliminada', description: `«${company.name}» y todos sus datos se han eliminado.` });
          onClose();
        },
        onError: (error) => {
          if (isSessionEnded(error)) return;
          toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudo eliminar la empresa.') });
        },
      },
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Eliminar empresa"
      description={
        <p>
          Se eliminará <strong className="text-foreground">{company.name}</strong> con todos sus datos: usuarios, eventos,
          fichajes, vacaciones, préstamos de material, pagos y documentos. Esta acción no se puede deshacer.
        </p>
      }
      confirmLabel="Eliminar empresa"
      onConfirm={onConfirm}
      pending={deleteCompany.isPending}
      confirmDisabled={!matches}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) onConfirm();
        }}
      >
        <FormField id="delete-company-confirm" label="Escribe el nombre de la empresa para confirmar">
          <Input
            id="delete-company-confirm"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={company.name}
          />
        </FormField>
      </form>
    </ConfirmDialog>
  );
}
