import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '@/components/list-filters/filter-fields';
import { useAssignableEmployees } from '../api/get-assignable-employees';

export const eventFilterKeys = ['userId', 'from', 'to', 'q'] as const;
export type EventFilterKey = (typeof eventFilterKeys)[number];

interface EventFiltersProps {
  /** The worker filter lists one company's people: a supervisor's (an administrator sees every company here). */
  offerWorkers: boolean;
  values: Record<EventFilterKey, string>;
  onChange: (key: EventFilterKey, value: string) => void;
  active: boolean;
  onClear: () => void;
}

/**
 * The event lists' filters (Gestionar Eventos, Supervisar Eventos, Eventos Finalizados): an assigned
 * worker, the start days and a text (name or place), applied by the server.
 */
export function EventFilters({ offerWorkers, values, onChange, active, onClear }: EventFiltersProps) {
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
