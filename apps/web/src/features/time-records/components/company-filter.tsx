import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCompanies } from '../api/get-companies';

interface CompanyFilterProps {
  companyId: string | null;
  onChange: (companyId: string | null) => void;
}

/** The administrator's company filter: every company, or one. */
export function CompanyFilter({ companyId, onChange }: CompanyFilterProps) {
  const companies = useCompanies();
  return (
    <div className="flex flex-col gap-2 sm:w-72">
      <Label htmlFor="time-log-company">Empresa</Label>
      <NativeSelect
        id="time-log-company"
        value={companyId ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        disabled={companies.isPending}
      >
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
