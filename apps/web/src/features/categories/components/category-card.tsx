import { formatHourlyPrice } from '@jornada/shared/format';
import type { Category } from '@jornada/shared/schemas/categories';
import { Camera, FileText, Pencil, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requiredDocLabel } from '../lib/required-doc-label';

interface CategoryCardProps {
  category: Category;
  companyNames: Map<string, string>;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="flex flex-wrap gap-1.5 text-sm">{children}</dd>
    </div>
  );
}

export function CategoryCard({ category, companyNames, onEdit, onDelete }: CategoryCardProps) {
  const titleId = useId();
  const companies = category.companyIds.flatMap((id) => (companyNames.has(id) ? [companyNames.get(id) as string] : []));
  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={titleId} className="text-lg leading-tight font-semibold break-words">
          {category.name}
        </h2>
        <span className="font-semibold text-primary">{formatHourlyPrice(category.price)}</span>
      </div>
      <dl className="flex flex-col gap-3">
        <Section label="Empresas">
          {companies.length === 0 ? (
            <span className="text-muted-foreground">Sin empresas asignadas</span>
          ) : (
            companies.map((name) => (
              <Badge key={name} variant="secondary" className="max-w-full break-words whitespace-normal!">
                {name}
              </Badge>
            ))
          )}
        </Section>
        <Section label="Documentos requeridos">
          {category.requiredDocs.length === 0 ? (
            <span className="text-muted-foreground">Sin documentos requeridos</span>
          ) : (
            category.requiredDocs.map((doc) => (
              <Badge key={doc.id} variant="outline" className="max-w-full break-words whitespace-normal!">
                {doc.type === 'foto' ? <Camera className="size-3" aria-hidden="true" /> : <FileText className="size-3" aria-hidden="true" />}
                {requiredDocLabel(doc)}
              </Badge>
            ))
          )}
        </Section>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        <Button variant="outline" size="sm" onClick={() => onEdit(category)} aria-label={`Editar ${category.name}`}>
          <Pencil aria-hidden="true" />
          Editar
        </Button>
        <Button
          variant="destructive-outline"
          size="sm"
          onClick={() => onDelete(category)}
          aria-label={`Eliminar ${category.name}`}
        >
          <Trash2 aria-hidden="true" />
          Eliminar
        </Button>
      </div>
    </Card>
  );
}
