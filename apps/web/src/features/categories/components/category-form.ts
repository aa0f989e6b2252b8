import { zodResolver } from '@hookform/resolvers/zod';
import { categoryRequestSchema, type Category, type CategoryBody, type CategoryRequest } from '@jornada/shared/schemas/categories';
import { useForm, type UseFormReturn } from 'react-hook-form';

export type CategoryForm = UseFormReturn<CategoryRequest, unknown, CategoryBody>;

/** The whole dialog is one form over the server's schema: details, companies and required documents. */
export function useCategoryForm(category: Category | null): CategoryForm {
  return useForm<CategoryRequest, unknown, CategoryBody>({
    resolver: zodResolver(categoryRequestSchema),
    defaultValues: {
      name: category?.name ?? '',
      price: category?.price ?? null,
      companyIds: category?.companyIds ?? [],
      requiredDocs: category?.requiredDocs.map(({ id, name, type }) => ({ id, name, type })) ?? [],
    },
  });
}

/** A blank price field means 'Por Convenio' (null); anything else must read as a number. */
export function priceFromInput(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? value : Number(value);
}

export type CategoryTab = 'detalles' | 'empresas' | 'documentos';

/** The tab that holds the first invalid field, so a failed submit shows what to fix. */
export function tabWithErrors(errors: CategoryForm['formState']['errors']): CategoryTab | null {
  if (errors.name || errors.price) return 'detalles';
  if (errors.companyIds) return 'empresas';
  if (errors.requiredDocs) return 'documentos';
  return null;
}
