import { useSearchParams } from 'react-router';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useCompanies } from '@/lib/companies/get-companies';
import { useWorkingTimeRules } from '../api/working-time-rules';
import { LoadError } from '../components/load-error';
import { RulesForm } from '../components/rules-form';

/** 'Normas de Jornada' (Supervisor, Administrador): the company's working-time rules. */
export default function WorkingTimeRulesRoute() {
  const { isAdmin } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const companies = useCompanies(isAdmin);
  const companyId = isAdmin ? (searchParams.get('company') ?? companies.data?.[0]?.id ?? null) : null;
  const rules = useWorkingTimeRules(companyId, !isAdmin || companyId !== null);

  const body = () => {
    if (isAdmin && companies.data?.length === 0) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (rules.isError && !rules.data) return <LoadError message="No se pudieron cargar las normas de jornada." onRetry={() => void rules.refetch()} />;
    if (!rules.data) return <ListSkeleton rows={2} rowClassName="h-24" />;
    return <RulesForm key={`${rules.data.companyId}-${rules.data.updatedAt ?? 'estatuto'}`} rules={rules.data} companyId={companyId} />;
  };

  return (
    <>
      <PageHeader
        title="Normas de Jornada"
        description="Los límites que se comprueban al asignar personal y que marca el registro de jornada. Sin cambios, se aplica el Estatuto de los Trabajadores."
      />
      {isAdmin && (
        <div className="mb-4">
          <CompanyPicker
            id="registro-company"
            empty="choose"
            className="sm:w-72"
            value={companyId ?? ''}
            onChange={(event) => setSearchParams({ company: event.target.value }, { replace: true })}
          />
        </div>
      )}
      {body()}
    </>
  );
}
