import { materialSizeLabel, totalStock } from '@jornada/shared/material';
import type { Material, MaterialItem } from '@jornada/shared/schemas/material';
import { PackagePlus, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export type MaterialAction = { kind: 'add-stock' | 'delete'; material: Material } | { kind: 'edit-stock'; material: Material; item: MaterialItem };

interface MaterialCardProps {
  material: Material;
  showCompany: boolean;
  onAction: (action: MaterialAction) => void;
}

const units = (quantity: number) => (quantity === 1 ? '1 unidad' : `${quantity} unidades`);

/** One material type: its sizes with their stock (each editable), 'Añadir stock' and 'Eliminar'. */
export function MaterialCard({ material, showCompany, onAction }: MaterialCardProps) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg leading-tight font-semibold break-words">
          {material.name}
        </h2>
        <p className="text-sm text-muted-foreground">
          {units(totalStock(material))} en stock{showCompany && ` · ${material.companyName}`}
        </p>
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">Stock por talla de {material.name}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Talla</th>
            <th scope="col">Cantidad</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border border-y border-border">
          {material.items.map((item) => (
            <tr key={item.id}>
              <th scope="row" className="py-1 pr-3 text-left font-medium">
                <Badge variant="secondary" className="min-w-12 justify-center">
                  {materialSizeLabel(item.size)}
                </Badge>
              </th>
              <td className={cn('py-1 tabular-nums', item.quantity === 0 && 'font-semibold text-destructive')}>
                {item.quantity === 0 ? 'Sin stock' : units(item.quantity)}
              </td>
              <td className="py-1 text-right">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Editar stock de ${material.name} talla ${materialSizeLabel(item.size)}`}
                  onClick={() => onAction({ kind: 'edit-stock', material, item })}
                >
                  <Pencil aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button variant="outline" size="sm" onClick={() => onAction({ kind: 'add-stock', material })} aria-label={`Añadir stock a ${material.name}`}>
          <PackagePlus aria-hidden="true" />
          Añadir stock
        </Button>
        <Button variant="destructive-outline" size="sm" onClick={() => onAction({ kind: 'delete', material })} aria-label={`Eliminar ${material.name}`}>
          <Trash2 aria-hidden="true" />
          Eliminar
        </Button>
      </div>
    </Card>
  );
}
