import { zodResolver } from '@hookform/resolvers/zod';
import { roleBases, roleRequestSchema, type Role, type RoleBody, type RoleRequest } from '@jornada/shared/schemas/roles';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';

/** A blank price means 'Por Convenio' (null); anything else must read as a number. */
function priceFromInput(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? value : Number(value);
}

const PRICE_HINT = 'Euros por hora. Déjalo en blanco para «Por Convenio».';
const BASE_HINT = 'Lo que puede hacer quien tenga el rol; sus pantallas se conceden en «Vistas y Privilegios».';
const DEFAULT_BASE_HINT = 'Los roles por defecto son su propia base.';

/** Create (role null) or edit a role: name, hourly price and, for a custom role, its base (decision 043). Default roles keep their name and base. */
export function RoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const pending = createRole.isPending || updateRole.isPending;
  const form = useForm<RoleRequest, unknown, RoleBody>({
    resolver: zodResolver(roleRequestSchema),
    defaultValues: { name: role?.name ?? '', price: role?.price ?? null, ...(role?.isDefault ? {} : { base: role?.base === 'Supervisor' ? 'Supervisor' : 'Empleado' }) },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const done = (title: string) => () => {
      toast({ title });
      onClose();
    };
    if (role) updateRole.mutate({ id: role.id, ...values }, { onSuccess: done('Rol actualizado') });
    else createRole.mutate(values, { onSuccess: done('Rol creado') });
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{role ? 'Editar rol' : 'Nuevo rol'}</DialogTitle>
          <DialogDescription>El precio por hora se usa en los pagos de quien tenga este rol.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormField
            id="role-name"
            label="Nombre"
            error={errors.name?.message}
            hint={role?.isDefault ? 'Los roles por defecto no cambian de nombre.' : undefined}
          >
            <Input
              id="role-name"
              maxLength={100}
              readOnly={role?.isDefault}
              className={role?.isDefault ? 'bg-muted' : undefined}
              {...form.register('name')}
              {...fieldAria('role-name', errors.name?.message, role?.isDefault ? 'hint' : undefined)}
            />
          </FormField>
          <FormField id="role-price" label="Precio" hint={PRICE_HINT} error={errors.price?.message}>
            <Input
              id="role-price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              {...form.register('price', { setValueAs: priceFromInput })}
              {...fieldAria('role-price', errors.price?.message, PRICE_HINT)}
            />
          </FormField>
          {role?.isDefault ? (
            <FormField id="role-base" label="Basado en" hint={DEFAULT_BASE_HINT}>
              <Input id="role-base" readOnly value={role.base} className="bg-muted" {...fieldAria('role-base', undefined, 'hint')} />
            </FormField>
          ) : (
            <FormField id="role-base" label="Basado en" hint={BASE_HINT} error={errors.base?.message}>
              <NativeSelect id="role-base" {...form.register('base')} {...fieldAria('role-base', errors.base?.message, BASE_HINT)}>
                {roleBases.map((base) => (
                  <option key={base} value={base}>
                    {base}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {role ? 'Guardar cambios' : 'Crear rol'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
