import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { useWorkingTimeRules } from '../api/working-time-rules';
import { LoadError } from '../components/load-error';
import { RulesForm } from '../components/rules-form';

/** 'Normas de Jornada' (Supervisor, Administrador): the company's working-time rules. */
export default function WorkingTimeRulesRoute() {
  const company = useManagedCompany();
  const { companyId } = company;
  const rules = useWorkingTimeRules(companyId, company.ready);

  const body = () => {
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
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
      {company.isAdmin && (
        <div className="mb-4">
          <ManagedCompanyPicker id="registro-company" company={company} />
        </div>
      )}
      {body()}
    </>
  );
}
