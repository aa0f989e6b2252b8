import { ChevronDown, FilterX, ListFilter } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';

const SEARCH_DELAY_MS = 300;

/**
 * The filters above a long list: a search landmark named after the list, its fields in a grid,
 * and 'Quitar filtros' while any filter is set. On phones the fields fold behind a 'Filtros'
 * button (open by itself when a filter is set), so the list stays in the first screen.
 */
export function FilterBar({ label, active, onClear, children }: { label: string; active: boolean; onClear: () => void; children: ReactNode }) {
  const fieldsId = useId();
  const [open, setOpen] = useState(active);
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <form role="search" aria-label={label} onSubmit={submit} className="mb-4 rounded-xl border border-border bg-card p-3 shadow-sm sm:p-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center gap-2 rounded-md px-1 text-left font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:hidden"
      >
        <ListFilter className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="flex-1">Filtros{active && <span className="text-muted-foreground"> · activos</span>}</span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <div
        id={fieldsId}
        className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]', open ? 'mt-2 sm:mt-0' : 'max-sm:hidden')}
      >
        {children}
        {active && (
          <div className="flex items-end justify-end">
            <Button type="button" variant="ghost" size="sm" onClick={onClear}>
              <FilterX aria-hidden="true" />
              Quitar filtros
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}

/** Free-text search; the list follows after a short pause in typing, not at every key. */
export function SearchFilter({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  // The URL changed elsewhere ('Quitar filtros', back button): show it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const commit = useEffectEvent((next: string) => onChange(next));
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => commit(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Buscar</Label>
      <Input id={id} type="search" value={text} maxLength={100} placeholder={placeholder} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

/** 'Desde' and 'Hasta': calendar days, both included. */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (key: 'from' | 'to', value: string) => void;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fromId}>Desde</Label>
        <Input id={fromId} type="date" value={from} max={to || undefined} onChange={(event) => onChange('from', event.target.value)} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={toId}>Hasta</Label>
        <Input id={toId} type="date" value={to} min={from || undefined} onChange={(event) => onChange('to', event.target.value)} />
      </div>
    </>
  );
}

/** A choice among the list's people, events or states; the first option means 'any'. */
export function SelectFilter({
  label,
  value,
  onChange,
  anyLabel,
  options,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A range that runs backwards is not sent to the server; the screen says why instead. */
export function isBackwardRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && from > to;
}
export const BACKWARD_RANGE_MESSAGE = 'La fecha «Desde» no puede ser posterior a la fecha «Hasta».';
