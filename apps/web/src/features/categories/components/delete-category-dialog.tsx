import type { Category } from '@jornada/shared/schemas/categories';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteCategory } from '../api/delete-category';

export function DeleteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const deleteCategory = useDeleteCategory();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Eliminar categoría"
      description={
        <p>
          Se eliminará la categoría <strong className="text-foreground">{category.name}</strong> y se quitará de las empresas y de
          los usuarios que la tienen.
        </p>
      }
      confirmLabel="Eliminar categoría"
      pending={deleteCategory.isPending}
      onConfirm={() =>
        deleteCategory.mutate(category.id, {
          onSuccess: () => {
            toast({ title: 'Categoría eliminada' });
            onClose();
          },
        })
      }
    />
  );
}
