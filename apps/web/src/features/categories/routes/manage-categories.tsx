import type { Category } from '@jornada/shared/schemas/categories';
import { Plus, Tags } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCompanies } from '@/lib/companies/get-companies';
import { useCategories } from '../api/get-categories';
import { CategoryCard } from '../components/category-card';
import { CategoryDialog } from '../components/category-dialog';
import { DeleteCategoryDialog } from '../components/delete-category-dialog';

type Selection = { action: 'create' } | { action: 'edit' | 'delete'; category: Category };

export default function ManageCategoriesRoute() {
  const categories = useCategories();
  const companies = useCompanies();
  const [selected, setSelected] = useState<Selection | null>(null);
  const companyNames = useMemo(() => new Map((companies.data ?? []).map((company) => [company.id, company.name])), [companies.data]);
  const close = () => setSelected(null);

  return (
    <>
      <PageHeader
        title="Gestionar Categorías"
        description="Categorías profesionales con su precio por hora, sus empresas y los documentos que exigen."
        actions={
          <Button onClick={() => setSelected({ action: 'create' })}>
            <Plus aria-hidden="true" />
            Nueva categoría
          </Button>
        }
      />
      {categories.isPending ? (
        <ListSkeleton rows={3} rowClassName="h-44" />
      ) : categories.isError ? (
        <EmptyState>No se pudieron cargar las categorías.</EmptyState>
      ) : categories.data.length === 0 ? (
        <EmptyState icon={<Tags />}>No hay categorías creadas.</EmptyState>
      ) : (
        <ul aria-label="Categorías" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {categories.data.map((category) => (
            <li key={category.id}>
              <CategoryCard
                category={category}
                companyNames={companyNames}
                onEdit={(target) => setSelected({ action: 'edit', category: target })}
                onDelete={(target) => setSelected({ action: 'delete', category: target })}
              />
            </li>
          ))}
        </ul>
      )}
      {selected?.action === 'create' && <CategoryDialog category={null} companies={companies.data ?? []} onClose={close} />}
      {selected?.action === 'edit' && <CategoryDialog category={selected.category} companies={companies.data ?? []} onClose={close} />}
      {selected?.action === 'delete' && <DeleteCategoryDialog category={selected.category} onClose={close} />}
    </>
  );
}
