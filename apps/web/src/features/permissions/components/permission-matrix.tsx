import type { GrantableView } from '@jornada/shared/permissions';
import type { CompanyPermissions } from '@jornada/shared/schemas/permissions';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/error-message';
import { useSavePermissions } from '../api/save-permissions';
import { applicableViews, viewTitle } from './permission-views';

type Matrix = Record<string, GrantableView[]>;

/** A checkbox per view for each non-admin role of the company; 'Guardar' saves the whole matrix. */
export function PermissionMatrix({ data }: { data: CompanyPermissions }) {
  const save = useSavePermissions();
  const [matrix, setMatrix] = useState<Matrix>(data.permissions as Matrix);

  const toggle = (roleId: string, view: GrantableView, checked: boolean) =>
    setMatrix((current) => {
      const views = current[roleId] ?? [];
      return { ...current, [roleId]: checked ? [...views, view] : views.filter((item) => item !== view) };
    });

  const onSave = () =>
    save.mutate(
      { companyId: data.companyId, permissions: matrix },
      {
        onSuccess: () => toast({ title: 'Permisos guardados' }),
        onError: (error) => {
          if (isSessionEnded(error)) return;
          toast({ variant: 'destructive', title: 'Error al guardar', description: 'No se pudieron guardar los cambios.' });
        },
      },
    );

  if (data.roles.length === 0) {
    return <p className="text-muted-foreground">Esta empresa no tiene roles asignados. Asígnalos en Gestionar Empresas.</p>;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="grid items-start gap-4 md:grid-cols-2">
        {data.roles.map((role) => (
          <Card key={role.id} className="p-4 sm:p-5">
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-2 text-lg font-semibold">{role.name}</legend>
              {role.name !== role.base && <p className="-mt-1 mb-2 text-sm text-muted-foreground">Basado en {role.base}</p>}
              {applicableViews(role.base).map((view) => (
                <CheckboxField
                  key={view}
                  label={viewTitle(view)}
                  checked={(matrix[role.id] ?? []).includes(view)}
                  onCheckedChange={(checked) => toggle(role.id, view, checked === true)}
                />
              ))}
            </fieldset>
          </Card>
        ))}
      </div>
      <div className="flex justify-end">
        <Button onClick={onSave} disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          Guardar
        </Button>
      </div>
    </div>
  );
}
