import { formatLongDate } from '@jornada/shared/format';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '@/components/list-filters/filter-fields';
import { useTimeLogFilterOptions } from '../api/get-time-log-filter-options';

export const timeLogFilterKeys = ['userId', 'eventId', 'from', 'to', 'q'] as const;
export type TimeLogFilterKey = (typeof timeLogFilterKeys)[number];

interface TimeLogFiltersProps {
  companyId: string | null;
  /** An administrator picks a company first: the worker and event choices are one company's. */
  needsCompany: boolean;
  values: Record<TimeLogFilterKey, string>;
  onChange: (key: TimeLogFilterKey, value: string) => void;
  active: boolean;
  onClear: () => void;
}

/** Worker, event, days and a name search over the whole time log (the server filters, page by page). */
export function TimeLogFilters({ companyId, needsCompany, values, onChange, active, onClear }: TimeLogFiltersProps) {
  const options = useTimeLogFilterOptions(needsCompany ? null : companyId);
  const choose = needsCompany ? 'Elige antes una empresa' : undefined;
  return (
    <FilterBar label="Filtrar fichajes" active={active} onClear={onClear}>
      <SelectFilter
        label="Trabajador"
        anyLabel={choose ?? 'Todos los trabajadores'}
        value={values.userId}
        onChange={(value) => onChange('userId', value)}
        disabled={needsCompany || options.isPending}
        options={options.data?.workers.map((worker) => ({ value: worker.id, label: worker.name })) ?? []}
      />
      <SelectFilter
        label="Evento"
        anyLabel={choose ?? 'Todos los eventos'}
        value={values.eventId}
        onChange={(value) => onChange('eventId', value)}
        disabled={needsCompany || options.isPending}
        options={options.data?.events.map((event) => ({ value: event.id, label: `${event.name} · ${formatLongDate(event.startTime)}` })) ?? []}
      />
      <DateRangeFilter from={values.from} to={values.to} onChange={onChange} />
      <SearchFilter value={values.q} onChange={(value) => onChange('q', value)} placeholder="Trabajador o evento" />
    </FilterBar>
  );
}
