import type { Company } from '@jornada/shared/schemas/companies';
import { Pencil, SlidersHorizontal, Tags, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export type CompanyAction = 'rename' | 'assign' | 'settings' | 'delete';

interface CompanyCardProps {
  company: Company;
  roleNames: Map<string, string>;
  categoryNames: Map<string, string>;
  onAction: (action: CompanyAction, company: Company) => void;
}

function NameBadges({ label, ids, names, empty }: { label: string; ids: string[]; names: Map<string, string>; empty: string }) {
  const known = ids.flatMap((id) => (names.has(id) ? [names.get(id) as string] : []));
  return (
    <div className="flex flex-col gap-1.5">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="flex flex-wrap gap-1.5">
        {known.length === 0 ? (
          <span className="text-sm text-muted-foreground">{empty}</span>
        ) : (
          known.map((name) => (
            <Badge key={name} variant="secondary" className="max-w-full break-words whitespace-normal!">
              {name}
            </Badge>
          ))
        )}
      </dd>
    </div>
  );
}

export function CompanyCard({ company, roleNames, categoryNames, onAction }: CompanyCardProps) {
  const titleId = useId();
  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-5" aria-labelledby={titleId} role="article">
      <h2 id={titleId} className="text-lg leading-tight font-semibold break-words">
        {company.name}
      </h2>
      <dl className="flex flex-col gap-3">
        <NameBadges label="Roles" ids={company.assignedRoles} names={roleNames} empty="Sin roles asignados" />
        <NameBadges label="Categorías" ids={company.assignedCategories} names={categoryNames} empty="Sin categorías asignadas" />
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        <Button variant="outline" size="sm" onClick={() => onAction('rename', company)} aria-label={`Editar nombre de ${company.name}`}>
          <Pencil aria-hidden="true" />
          Editar nombre
        </Button>
        <Button variant="outline" size="sm" onClick={() => onAction('assign', company)} aria-label={`Asignar roles y categorías a ${company.name}`}>
          <Tags aria-hidden="true" />
          Roles y categorías
        </Button>
        <Button variant="outline" size="sm" onClick={() => onAction('settings', company)} aria-label={`Ajustes de fichaje de ${company.name}`}>
          <SlidersHorizontal aria-hidden="true" />
          Ajustes de fichaje
        </Button>
        <Button variant="destructive-outline" size="sm" onClick={() => onAction('delete', company)} aria-label={`Eliminar ${company.name}`}>
          <Trash2 aria-hidden="true" />
          Eliminar
        </Button>
      </div>
    </Card>
  );
}
