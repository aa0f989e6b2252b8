import { zodResolver } from '@hookform/resolvers/zod';
import { companyRequestSchema, type CompanyRequest } from '@jornada/shared/schemas/companies';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateCompany } from '../api/create-company';

/** 'Añadir empresa': a company needs only its name; it starts with the default roles and views. */
export function AddCompanyForm() {
  const createCompany = useCreateCompany();
  const form = useForm<CompanyRequest>({ resolver: zodResolver(companyRequestSchema), defaultValues: { name: '' } });
  const error = form.formState.errors.name?.message;

  const onSubmit = form.handleSubmit((values) =>
    createCompany.mutate(values, {
      onSuccess: (company) => {
        toast({ title: 'Empresa creada', description: `«${company.name}» ya está disponible.` });
        form.reset();
      },
    }),
  );

  return (
    <Card className="mb-6 p-4 sm:p-5">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id="new-company-name" label="Nombre" error={error} className="flex-1">
          <Input
            id="new-company-name"
            autoComplete="organization"
            maxLength={200}
            placeholder="Ej.: Seguridad Norte S.L."
            {...form.register('name')}
            {...fieldAria('new-company-name', error)}
          />
        </FormField>
        <Button type="submit" className="sm:mt-6" disabled={createCompany.isPending}>
          {createCompany.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          Añadir empresa
        </Button>
      </form>
    </Card>
  );
}
