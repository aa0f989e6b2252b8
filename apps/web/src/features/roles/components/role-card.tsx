import { formatHourlyPrice } from '@jornada/shared/format';
import { defaultRoleIds } from '@jornada/shared/permissions';
import type { Role } from '@jornada/shared/schemas/roles';
import { Building, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export type RoleAction = 'edit' | 'companies' | 'delete';

interface RoleCardProps {
  role: Role;
  companyNames: Map<string, string>;
  onAction: (action: RoleAction, role: Role) => void;
}

export function RoleCard({ role, companyNames, onAction }: RoleCardProps) {
  const titleId = useId();
  // The Administrador role is platform-wide: it belongs to no company.
  const isAdminRole = role.id === defaultRoleIds.Administrador;
  const companies = role.companyIds.flatMap((id) => (companyNames.has(id) ? [companyNames.get(id) as string] : []));

  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg leading-tight font-semibold break-words">
            {role.name}
          </h2>
          {role.isDefault ? <Badge variant="outline">Por defecto</Badge> : <Badge variant="outline">Basado en {role.base}</Badge>}
        </div>
        <span className="font-semibold text-primary">{formatHourlyPrice(role.price)}</span>
      </div>
      <p className="text-sm text-muted-foreground">{role.holderCount === 1 ? '1 persona con este rol' : `${role.holderCount} personas con este rol`}</p>
      <div className="flex flex-col gap-1.5">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Empresas</p>
        <div className="flex flex-wrap gap-1.5 text-sm">
          {isAdminRole ? (
            <span className="text-muted-foreground">Todas (rol de plataforma)</span>
          ) : companies.length === 0 ? (
            <span className="text-muted-foreground">Sin empresas asignadas</span>
          ) : (
            companies.map((name) => (
              <Badge key={name} variant="secondary" className="max-w-full break-words whitespace-normal!">
                {name}
              </Badge>
            ))
          )}
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        <Button variant="outline" size="sm" onClick={() => onAction('edit', role)} aria-label={`Editar ${role.name}`}>
          <Pencil aria-hidden="true" />
          Editar
        </Button>
        {!isAdminRole && (
          <Button variant="outline" size="sm" onClick={() => onAction('companies', role)} aria-label={`Asignar empresas a ${role.name}`}>
            <Building aria-hidden="true" />
            Asignar empresas
          </Button>
        )}
        {/* The server refuses to delete a default role (Administrador, Supervisor, Empleado): not offered. */}
        {!role.isDefault && (
          <Button
            variant="destructive-outline"
            size="sm"
            onClick={() => onAction('delete', role)}
            aria-label={`Eliminar ${role.name}`}
          >
            <Trash2 aria-hidden="true" />
            Eliminar
          </Button>
        )}
      </div>
    </Card>
  );
}
