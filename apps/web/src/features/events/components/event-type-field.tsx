import type { EventType } from '@jornada/shared/events';
import { cn } from '@/lib/cn';

const options: { value: EventType; label: string; hint: string }[] = [
  { value: 'momentary', label: 'Puntual', hint: 'Un solo evento del inicio al fin.' },
  { value: 'constant', label: 'Constante', hint: 'Un evento cada día de repetición entre el inicio y el fin.' },
];

interface EventTypeFieldProps {
  value: EventType;
  onChange: (type: EventType) => void;
  /** Spec section 4: the type cannot be changed when editing. */
  locked: boolean;
}

/** 'Tipo de evento': momentary or constant, as native radio buttons. */
export function EventTypeField({ value, onChange, locked }: EventTypeFieldProps) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={locked ? 'event-type-locked' : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Tipo de evento</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 items-start gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent',
              locked ? 'cursor-not-allowed opacity-70' : 'cursor-pointer',
            )}
          >
            <input
              type="radio"
              name="event-type"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              disabled={locked}
              aria-describedby={`event-type-${option.value}-hint`}
              className="mt-0.5 size-4 accent-primary"
            />
            <span className="text-sm leading-tight">
              <span className="font-medium">{option.label}</span>
              {/* A description of the radio, not part of its name ('Puntual', 'Constante'). */}
              <span id={`event-type-${option.value}-hint`} aria-hidden="true" className="mt-0.5 block text-xs text-muted-foreground">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {locked && (
        <p id="event-type-locked" className="text-sm text-muted-foreground">
          El tipo de evento no se puede cambiar.
        </p>
      )}
    </fieldset>
  );
}
