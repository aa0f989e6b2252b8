import { instantFromLocalDateTime, localDateTimeOf } from '@jornada/shared/format';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

interface DateTimeInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> {
  /** An instant with its offset ('2026-11-21T09:00:00+01:00'), or '' when empty. */
  value: string;
  onChange: (instant: string) => void;
}

/**
 * A native datetime-local input (phones show their own picker) that reads and writes instants:
 * the wall-clock time shown and typed is the company time zone's, whatever the device's zone.
 */
export function DateTimeInput({ value, onChange, ...props }: DateTimeInputProps) {
  return (
    <Input
      type="datetime-local"
      value={value ? localDateTimeOf(value) : ''}
      onChange={(event) => onChange(instantFromLocalDateTime(event.target.value) ?? '')}
      {...props}
    />
  );
}
