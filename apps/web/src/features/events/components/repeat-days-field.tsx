import { repeatDayLabels } from '@jornada/shared/events';
import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { countOccurrences, occurrencesText, RepeatDaysDialog } from './repeat-days-dialog';

interface RepeatDaysFieldProps {
  value: number[];
  onChange: (days: number[]) => void;
  start: string;
  end: string;
  error?: string;
}

/** The 'Días de repetición' button of a new constant event, with the chosen days and the preview. */
export function RepeatDaysField({ value, onChange, start, end, error }: RepeatDaysFieldProps) {
  const [open, setOpen] = useState(false);
  const chosen = value.map((day) => repeatDayLabels[day]).filter(Boolean);

  return (
    <div className="flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">Repetición</span>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-describedby="repeat-days-summary repeat-days-error">
          <CalendarRange aria-hidden="true" />
          Días de repetición
        </Button>
      </div>
      <p id="repeat-days-summary" className="text-sm text-muted-foreground">
        {chosen.length > 0 ? `${chosen.join(', ')}. ${occurrencesText(countOccurrences(start, end, value))}` : 'Ningún día elegido.'}
      </p>
      <FieldError id="repeat-days-error">{error}</FieldError>
      <RepeatDaysDialog open={open} onOpenChange={setOpen} value={value} onChange={onChange} start={start} end={end} />
    </div>
  );
}
