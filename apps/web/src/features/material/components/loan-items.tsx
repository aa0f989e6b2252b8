import { materialSizeLabel } from '@jornada/shared/material';
import type { LoanItem } from '@jornada/shared/schemas/material';
import { Shirt } from 'lucide-react';

/** A loan's lines: '2 × Polo', with the size beside. */
export function LoanItems({ items }: { items: LoanItem[] }) {
  return (
    <ul aria-label="Artículos" className="flex flex-col gap-1.5 text-sm">
      {items.map((item, index) => (
        <li key={`${item.materialId}-${item.size}-${index}`} className="flex items-start gap-2">
          <Shirt className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="font-semibold tabular-nums">{item.quantity} ×</span> {item.materialName}
            <span className="text-muted-foreground"> · talla {materialSizeLabel(item.size)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
