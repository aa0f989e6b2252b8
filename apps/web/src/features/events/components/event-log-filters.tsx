import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '@/components/list-filters/filter-fields';
import { useAssignableEmployees } from '../api/get-assignable-employees';

export const eventLogFilterKeys = ['userId', 'from', 'to', 'q'] as const;
export type EventLogFilterKey = (typeof eventLogFilterKeys)[number];

interface EventLogFiltersProps {
  /** The worker filter lists one company's people: a supervisor's (an administrator sees every company here). */
  offerWorkers: boolean;
  values: Record<EventLogFilterKey, string>;
  onChange: (key: EventLogFilterKey, value: string) => void;
  active: boolean;
  onClear: () => void;
}

/** An assigned worker, the start days and a text (name or place), applied by the server. */
export function EventLogFilters({ offerWorkers, values, onChange, active, onClear }: EventLogFiltersProps) {
  const people = useAssignableEmployees(null, offerWorkers);
  return (
    <FilterBar label="Filtrar eventos" active={active} onClear={onClear}>
      {offerWorkers && (
        <SelectFilter
          label="Trabajador"
          anyLabel="Todos los trabajadores"
          value={values.userId}
          onChange={(value) => onChange('userId', value)}
          disabled={people.isPending}
          options={people.data?.employees.map((person) => ({ value: person.id, label: person.name })) ?? []}
        />
      )}
      <DateRangeFilter from={values.from} to={values.to} onChange={onChange} />
      <SearchFilter value={values.q} onChange={(value) => onChange('q', value)} placeholder="Nombre o ubicación" />
    </FilterBar>
  );
}
