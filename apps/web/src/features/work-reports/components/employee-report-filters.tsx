import { formatLongDate } from '@jornada/shared/format';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '@/components/list-filters/filter-fields';
import { useReportFilterOptions } from '../api/get-report-filter-options';

export const employeeReportFilterKeys = ['userId', 'eventId', 'from', 'to', 'q'] as const;
export type EmployeeReportFilterKey = (typeof employeeReportFilterKeys)[number];

interface EmployeeReportFiltersProps {
  /** The worker and event choices are one company's: a supervisor's (an administrator sees every company here). */
  offerChoices: boolean;
  values: Record<EmployeeReportFilterKey, string>;
  onChange: (key: EmployeeReportFilterKey, value: string) => void;
  active: boolean;
  onClear: () => void;
}

/** Author, event, days sent and a name, applied by the server. */
export function EmployeeReportFilters({ offerChoices, values, onChange, active, onClear }: EmployeeReportFiltersProps) {
  const options = useReportFilterOptions(offerChoices);
  return (
    <FilterBar label="Filtrar partes" active={active} onClear={onClear}>
      {offerChoices && (
        <>
          <SelectFilter
            label="Trabajador"
            anyLabel="Todos los trabajadores"
            value={values.userId}
            onChange={(value) => onChange('userId', value)}
            disabled={options.isPending}
            options={options.data?.workers.map((worker) => ({ value: worker.id, label: worker.name })) ?? []}
          />
          <SelectFilter
            label="Evento"
            anyLabel="Todos los eventos"
            value={values.eventId}
            onChange={(value) => onChange('eventId', value)}
            disabled={options.isPending}
            options={options.data?.events.map((event) => ({ value: event.id, label: `${event.name} · ${formatLongDate(event.startTime)}` })) ?? []}
          />
        </>
      )}
      <DateRangeFilter from={values.from} to={values.to} onChange={onChange} />
      <SearchFilter value={values.q} onChange={(value) => onChange('q', value)} placeholder="Trabajador o evento" />
    </FilterBar>
  );
}
