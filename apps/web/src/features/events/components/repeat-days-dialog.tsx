import { expandConstantEvent, repeatDayLabels } from '@jornada/shared/events';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

interface RepeatDaysDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Monday=0 … Sunday=6. */
  value: number[];
  onChange: (days: number[]) => void;
  /** The form's start and end, for the preview ('' while not filled in). */
  start: string;
  end: string;
}

/** How many events a constant event creates, or null while the range is incomplete. */
export function countOccurrences(start: string, end: string, repeatDays: readonly number[]): number | null {
  if (!start || !end) return null;
  return expandConstantEvent({ start, end, repeatDays }).length;
}

export function occurrencesText(count: number | null): string {
  if (count === null) return 'Indica el inicio y el fin para saber cuántos eventos se crearán.';
  if (count === 0) return 'Ninguna fecha entre el inicio y el fin coincide con los días elegidos.';
  return count === 1 ? 'Se creará 1 evento.' : `Se crearán ${count} eventos.`;
}

/** Spec section 2 screen 12: the repeat days of a new constant event, Monday to Sunday. */
export function RepeatDaysDialog({ open, onOpenChange, value, onChange, start, end }: RepeatDaysDialogProps) {
  const toggle = (day: number, checked: boolean) =>
    onChange(checked ? [...new Set([...value, day])].sort((a, b) => a - b) : value.filter((item) => item !== day));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Días de repetición</DialogTitle>
          <DialogDescription>Se creará un evento cada uno de estos días entre el inicio y el fin, con sus mismas horas.</DialogDescription>
        </DialogHeader>
        <fieldset className="grid grid-cols-1 gap-0.5 min-[360px]:grid-cols-2">
          <legend className="sr-only">Días de la semana</legend>
          {repeatDayLabels.map((label, day) => (
            <CheckboxField
              key={label}
              id={`repeat-day-${day}`}
              label={label}
              checked={value.includes(day)}
              onCheckedChange={(checked) => toggle(day, checked === true)}
            />
          ))}
        </fieldset>
        <p role="status" className="rounded-md bg-accent px-3 py-2 text-sm font-medium text-accent-foreground">
          {occurrencesText(countOccurrences(start, end, value))}
        </p>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Listo</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
