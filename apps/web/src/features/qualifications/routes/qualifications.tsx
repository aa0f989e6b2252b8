import type { QualificationRequirements, QualificationType } from '@jornada/shared/schemas/qualifications';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import {
  useCreateQualificationType,
  useDeleteQualificationType,
  useQualificationRequirements,
  useQualificationTypes,
  useSaveCategoryRequirements,
} from '../api/qualifications';

type Category = QualificationRequirements['categories'][number];

/** One category's row: a checkbox per type ('Requerida') and, when required, 'Con foto'. */
function CategoryRequirements({ category, types, companyId }: { category: Category; types: QualificationType[]; companyId: string | null }) {
  const save = useSaveCategoryRequirements();
  const set = (typeId: string, change: { required?: boolean; photo?: boolean }) => {
    const current = new Map(category.requirements.map((item) => [item.typeId, item.requiresPhoto]));
    if (change.required === false) current.delete(typeId);
    else current.set(typeId, change.photo ?? current.get(typeId) ?? false);
    const requirements = [...current].map(([id, requiresPhoto]) => ({ typeId: id, requiresPhoto }));
    save.mutate({ categoryId: category.categoryId, companyId: companyId ?? undefined, requirements }, { onSuccess: () => toast({ title: 'Requisitos guardados' }) });
  };
  return (
    <section aria-labelledby={`category-${category.categoryId}`} className="rounded-md border p-3">
      <h3 id={`category-${category.categoryId}`} className="mb-2 flex items-center gap-2 font-semibold">
        {category.categoryName}
        {save.isPending && <Spinner />}
      </h3>
      <ul className="grid gap-1 sm:grid-cols-2">
        {types.map((type) => {
          const requirement = category.requirements.find((item) => item.typeId === type.id);
          const id = `req-${category.categoryId}-${type.id}`;
          return (
            <li key={type.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md px-2 py-1.5 hover:bg-muted">
              <label htmlFor={id} className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 text-sm lg:min-h-9">
                <Checkbox id={id} checked={requirement !== undefined} disabled={save.isPending} onCheckedChange={(checked) => set(type.id, { required: checked === true })} />
                <span className="break-words">{type.name}</span>
              </label>
              {requirement && (
                <label htmlFor={`${id}-photo`} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-muted-foreground lg:min-h-9">
                  <Checkbox id={`${id}-photo`} checked={requirement.requiresPhoto} disabled={save.isPending} onCheckedChange={(checked) => set(type.id, { photo: checked === true })} />
                  Con foto
                </label>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** 'Titulaciones' (Supervisor, Administrador; decision 042): the company's types and what each category requires. */
export default function QualificationsRoute() {
  const company = useManagedCompany();
  const { companyId, ready } = company;
  const types = useQualificationTypes(companyId, ready);
  const requirements = useQualificationRequirements(companyId, ready);
  const create = useCreateQualificationType();
  const remove = useDeleteQualificationType();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Indica el nombre de la titulación.');
      return;
    }
    create.mutate(
      { name: name.trim(), companyId: companyId ?? undefined },
      {
        onSuccess: () => {
          setName('');
          setError(null);
          toast({ title: 'Titulación añadida' });
        },
        onError: (failure) => {
          if (!isSessionEnded(failure)) setError(errorDescription(failure, 'No se pudo añadir la titulación.'));
        },
      },
    );
  };

  const body = () => {
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if ((types.isError && !types.data) || (requirements.isError && !requirements.data)) return <Alert variant="destructive">No se pudieron cargar las titulaciones.</Alert>;
    if (!types.data || !requirements.data) return <ListSkeleton rows={3} />;
    const list = types.data.items;
    return (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <section aria-labelledby="types-title" className="flex flex-col gap-3">
          <h2 id="types-title" className="text-lg font-semibold">
            Tipos de titulación
          </h2>
          <ul className="flex flex-col divide-y rounded-md border">
            {list.map((type) => (
              <li key={type.id} className="flex items-center gap-2 py-1 pr-1 pl-3">
                <span className="min-w-0 flex-1 text-sm break-words">
                  {type.name}
                  <span className="block text-xs text-muted-foreground">{type.holders === 1 ? '1 persona' : `${type.holders} personas`}</span>
                </span>
                <Button variant="ghost" size="icon" aria-label={`Eliminar ${type.name}`} disabled={type.holders > 0 || remove.isPending} onClick={() => remove.mutate(type.id)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <form onSubmit={onAdd} noValidate className="flex flex-col gap-2">
            <FormField id="new-qualification-type" label="Nueva titulación" error={error ?? undefined}>
              <Input id="new-qualification-type" autoComplete="off" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
            </FormField>
            <Button type="submit" variant="outline" className="self-start" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
              Añadir titulación
            </Button>
          </form>
        </section>
        <section aria-labelledby="requirements-title" className="flex flex-col gap-3">
          <h2 id="requirements-title" className="text-lg font-semibold">
            Requeridas por categoría
          </h2>
          <p className="text-sm text-muted-foreground">
            Al asignar a alguien a un evento se comprueba que tiene vigentes, en la fecha del evento, las titulaciones de sus categorías y las del evento.
          </p>
          {requirements.data.categories.length === 0 ? (
            <EmptyState>La empresa no tiene categorías.</EmptyState>
          ) : (
            requirements.data.categories.map((category) => <CategoryRequirements key={category.categoryId} category={category} types={list} companyId={companyId} />)
          )}
        </section>
      </div>
    );
  };

  return (
    <>
      <PageHeader title="Titulaciones" description="Las titulaciones que registra la empresa y las que exige cada categoría." />
      {company.isAdmin && (
        <div className="mb-4">
          <ManagedCompanyPicker id="qualifications-company" company={company} />
        </div>
      )}
      {body()}
    </>
  );
}
