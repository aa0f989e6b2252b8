import { formatHourlyPrice } from '@jornada/shared/format';
import { defaultRoleIds } from '@jornada/shared/permissions';
import type { Category } from '@jornada/shared/schemas/categories';
import type { Company } from '@jornada/shared/schemas/companies';
import type { Role } from '@jornada/shared/schemas/roles';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSaveCompanyAssignments } from '../api/save-company-assignments';

interface CompanyAssignmentsDialogProps {
  company: Company;
  roles: Role[];
  categories: Category[];
  onClose: () => void;
}

function toggle(list: string[], id: string, checked: boolean): string[] {
  return checked ? [...list, id] : list.filter((item) => item !== id);
}

export function CompanyAssignmentsDialog({ company, roles, categories, onClose }: CompanyAssignmentsDialogProps) {
  const save = useSaveCompanyAssignments();
  const [roleIds, setRoleIds] = useState(company.assignedRoles);
  const [categoryIds, setCategoryIds] = useState(company.assignedCategories);
  // The Administrador role belongs to no company.
  const assignableRoles = roles.filter((role) => role.id !== defaultRoleIds.Administrador);

  const onSave = () =>
    save.mutate(
      { id: company.id, assignedRoles: roleIds, assignedCategories: categoryIds },
      {
        onSuccess: () => {
          toast({ title: 'Asignaciones guardadas' });
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Roles y categorías de {company.name}</DialogTitle>
          <DialogDescription>Marca los roles y las categorías que se usan en esta empresa.</DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-semibold">Roles</legend>
          {assignableRoles.map((role) => (
            <CheckboxField
              key={role.id}
              id={`assign-role-${role.id}`}
              label={role.name}
              hint={formatHourlyPrice(role.price)}
              checked={roleIds.includes(role.id)}
              onCheckedChange={(checked) => setRoleIds((list) => toggle(list, role.id, checked === true))}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-semibold">Categorías</legend>
          {categories.length === 0 && <p className="text-sm text-muted-foreground">No hay categorías creadas.</p>}
          {categories.map((category) => (
            <CheckboxField
              key={category.id}
              id={`assign-category-${category.id}`}
              label={category.name}
              hint={formatHourlyPrice(category.price)}
              checked={categoryIds.includes(category.id)}
              onCheckedChange={(checked) => setCategoryIds((list) => toggle(list, category.id, checked === true))}
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
