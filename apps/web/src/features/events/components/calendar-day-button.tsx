import { useEffect, useRef } from 'react';
import type { DayButtonProps } from 'react-day-picker';

/** The number of event dots a day carries, from the calendar's dots1…dots3 modifiers. */
function dotsOf(modifiers: DayButtonProps['modifiers']): number {
  if (modifiers.dots3) return 3;
  if (modifiers.dots2) return 2;
  return modifiers.dots1 ? 1 : 0;
}

/** react-day-picker's day button plus up to three event dots under the number. */
export function CalendarDayButton({ day: _day, modifiers, children, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // As the built-in button does: keyboard navigation moves the focus with the focused day.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const dots = dotsOf(modifiers);

  return (
    <button ref={ref} {...props}>
      <span>{children}</span>
      <span className="flex h-1.5 items-center gap-0.5" aria-hidden="true">
        {Array.from({ length: dots }, (_, index) => (
          <span key={index} className="size-1.5 rounded-full bg-primary" />
        ))}
      </span>
    </button>
  );
}
