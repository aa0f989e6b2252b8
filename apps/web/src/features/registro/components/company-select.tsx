import type { Company } from '@jornada/shared/schemas/companies';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** The administrator picks the company (the registro is always one company's). */
export function CompanySelect({ companies, companyId, onChange }: { companies: readonly Company[]; companyId: string | null; onChange: (id: string) => void }) {
  return (
    <div className="flex flex-col gap-2 sm:w-72">
      <Label htmlFor="registro-company">Empresa</Label>
      <NativeSelect id="registro-company" value={companyId ?? ''} onChange={(event) => onChange(event.target.value)}>
        {companyId === null && <option value="">Selecciona una empresa</option>}
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
