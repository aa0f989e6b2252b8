import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCompanyOptions } from '../api/get-company-options';

interface CompanyFilterProps {
  id: string;
  companyId: string | null;
  onChange: (companyId: string | null) => void;
}

/** The administrator's company filter: every company, or one. */
export function CompanyFilter({ id, companyId, onChange }: CompanyFilterProps) {
  const companies = useCompanyOptions(true);
  return (
    <div className="mb-4 flex flex-col gap-2 sm:w-72">
      <Label htmlFor={id}>Empresa</Label>
      <NativeSelect id={id} value={companyId ?? ''} onChange={(event) => onChange(event.target.value || null)} disabled={companies.isPending}>
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
