import { Package } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useMaterials } from '../api/get-materials';
import { MaterialCard, type MaterialAction } from './material-card';

interface MaterialListProps {
  companyId: string | null;
  showCompany: boolean;
  onAction: (action: MaterialAction) => void;
}

/** Gestionar Material's cards: one per material type, by name. */
export function MaterialList({ companyId, showCompany, onAction }: MaterialListProps) {
  const materials = useMaterials(companyId);
  if (materials.isPending) return <ListSkeleton rows={3} rowClassName="h-56" />;
  if (materials.isError) return <EmptyState>No se pudo cargar el material.</EmptyState>;
  if (materials.data.items.length === 0) {
    return <EmptyState icon={Package}>No hay material registrado. Añade el primero con «Añadir material».</EmptyState>;
  }
  return (
    <>
      <ul aria-label="Material" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {materials.data.items.map((material) => (
          <li key={material.id}>
            <MaterialCard material={material} showCompany={showCompany} onAction={onAction} />
          </li>
        ))}
      </ul>
      {materials.data.truncated && <p className="mt-4 text-sm text-muted-foreground">Se muestran los primeros 500 materiales.</p>}
    </>
  );
}
