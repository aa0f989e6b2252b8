import type { Company } from '@jornada/shared/schemas/companies';
import type { Role } from '@jornada/shared/schemas/roles';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSaveRoleCompanies } from '../api/save-role-companies';

/** Assigns a role to companies: a checkbox per company. */
export function RoleCompaniesDialog({ role, companies, onClose }: { role: Role; companies: Company[]; onClose: () => void }) {
  const save = useSaveRoleCompanies();
  const [companyIds, setCompanyIds] = useState(role.companyIds);

  const onSave = () =>
    save.mutate(
      { id: role.id, companyIds },
      {
        onSuccess: () => {
          toast({ title: 'Asignaciones guardadas' });
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Empresas del rol {role.name}</DialogTitle>
          <DialogDescription>Marca las empresas en las que se usa este rol.</DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">Empresas</legend>
          {companies.length === 0 && <p className="text-sm text-muted-foreground">No hay empresas creadas.</p>}
          {companies.map((company) => (
            <CheckboxField
              key={company.id}
              label={company.name}
              checked={companyIds.includes(company.id)}
              onCheckedChange={(checked) =>
                setCompanyIds((ids) => (checked === true ? [...ids, company.id] : ids.filter((id) => id !== company.id)))
              }
            />
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending && <Spinner />}
            Guardar asignaciones
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
