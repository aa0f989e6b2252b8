import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { usePayRules } from '../api/pay-rules';
import { PayRulesForm } from '../components/pay-rules-form';

/** 'Reglas de pago' (Supervisor, Administrador): what the company pays per concept (issue 26). */
export default function PayRulesRoute() {
  const company = useManagedCompany();
  const { companyId } = company;
  const rules = usePayRules(companyId, company.ready);

  const body = () => {
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (rules.isError && !rules.data)
      return (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-3">
            No se pudieron cargar las reglas de pago.
            <Button variant="outline" size="sm" onClick={() => void rules.refetch()}>
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      );
    if (!rules.data) return <ListSkeleton rows={3} rowClassName="h-24" />;
    return <PayRulesForm key={`${rules.data.companyId}-${rules.data.updatedAt ?? 'defaults'}`} view={rules.data} companyId={companyId} />;
  };

  return (
    <>
      <PageHeader
        title="Reglas de pago"
        description="Lo que la empresa paga por hora nocturna, festiva y extraordinaria, y los pluses mensuales de cada categoría. Los importes los fija la empresa según su convenio: Jornada no propone ni comprueba cifras legales."
      />
      {company.isAdmin && (
        <div className="mb-4">
          <ManagedCompanyPicker id="pay-rules-company" company={company} />
        </div>
      )}
      {body()}
    </>
  );
}
