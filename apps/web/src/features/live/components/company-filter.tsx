import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCompanyOptions } from '../api/get-company-options';

/** The administrator's company choice: every company, or one. */
export function CompanyFilter({ companyId, onChange }: { companyId: string | null; onChange: (companyId: string | null) => void }) {
  const companies = useCompanyOptions(true);
  return (
    <div className="flex flex-col gap-2 sm:w-72">
      <Label htmlFor="live-company">Empresa</Label>
      <NativeSelect id="live-company" value={companyId ?? ''} onChange={(event) => onChange(event.target.value || null)} disabled={companies.isPending}>
        <option value="">Todas las empresas</option>
        {companies.data?.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
