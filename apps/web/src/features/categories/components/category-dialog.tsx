import type { Category } from '@jornada/shared/schemas/categories';
import type { Company } from '@jornada/shared/schemas/companies';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { CategoryCompaniesField } from './category-companies-field';
import { CategoryDetailsFields } from './category-details-fields';
import { tabWithErrors, useCategoryForm, type CategoryTab } from './category-form';
import { RequiredDocsField } from './required-docs-field';

interface CategoryDialogProps {
  /** null creates a new category. */
  category: Category | null;
  companies: Company[];
  onClose: () => void;
}

// Hidden panels stay mounted so every field keeps its value and is validated on submit.
const panelClasses = 'data-[state=inactive]:hidden';

export function CategoryDialog({ category, companies, onClose }: CategoryDialogProps) {
  const form = useCategoryForm(category);
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const pending = createCategory.isPending || updateCategory.isPending;
  const [tab, setTab] = useState<CategoryTab>('detalles');

  const onSubmit = form.handleSubmit(
    (values) => {
      const done = (title: string) => () => {
        toast({ title });
        onClose();
      };
      if (category) updateCategory.mutate({ id: category.id, ...values }, { onSuccess: done('Categoría actualizada') });
      else createCategory.mutate(values, { onSuccess: done('Categoría creada') });
    },
    (errors) => {
      const target = tabWithErrors(errors);
      if (target) setTab(target);
    },
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent size="2xl">
        <DialogHeader>
          <DialogTitle>{category ? 'Editar categoría' : 'Nueva categoría'}</DialogTitle>
          <DialogDescription>Detalles, empresas en las que se usa y documentos que exige.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex min-w-0 flex-col gap-5">
          <Tabs value={tab} onValueChange={(value) => setTab(value as CategoryTab)}>
            <TabsList className="w-full">
              <TabsTrigger value="detalles" className="h-11 flex-1 lg:h-9">
                Detalles
              </TabsTrigger>
              <TabsTrigger value="empresas" className="h-11 flex-1 lg:h-9">
                Empresas
              </TabsTrigger>
              <TabsTrigger value="documentos" className="h-11 flex-1 lg:h-9">
                <span className="sm:hidden">Documentos</span>
                <span className="hidden sm:inline">Documentos requeridos</span>
              </TabsTrigger>
            </TabsList>
            <TabsContent value="detalles" forceMount className={panelClasses}>
              <CategoryDetailsFields form={form} />
            </TabsContent>
            <TabsContent value="empresas" forceMount className={panelClasses}>
              <CategoryCompaniesField form={form} companies={companies} />
            </TabsContent>
            <TabsContent value="documentos" forceMount className={panelClasses}>
              <RequiredDocsField form={form} />
            </TabsContent>
          </Tabs>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {category ? 'Guardar cambios' : 'Crear categoría'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
