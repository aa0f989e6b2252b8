import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { WorkingTimeWarnings as Warnings } from '../api/working-time-warning';

interface WorkingTimeWarningsProps {
  value: Warnings;
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

const dayLabel = (day: string) => day.split('-').reverse().join('/');

/**
 * Issue 11 part 6: the assignment breaks a working-time rule. Says who, which rule, on which day and
 * by how much, and asks for confirmation; 'Asignar igualmente' sends it again, acknowledged (logged).
 */
export function WorkingTimeWarningsPanel({ value, pending, onConfirm, onDismiss }: WorkingTimeWarningsProps) {
  const hidden = value.count - value.warnings.length;
  // Decision 044: someone said they cannot work then; the working-time rules keep their title.
  const unavailable = value.warnings.filter((warning) => warning.rule === 'unavailable').length;
  const title =
    unavailable === 0 ? 'La asignación incumple las normas de jornada' : unavailable === value.warnings.length ? 'Personal no disponible en ese horario' : 'La asignación incumple las normas de jornada y la disponibilidad';
  const panel = useRef<HTMLElement>(null);
  // The panel opens below the staff list: bring it into view inside the scrolling dialog. A block
  // body, not an arrow's expression: Chromium's scrollIntoView now returns a Promise, and React
  // would call whatever the effect returns as its cleanup when the panel goes (issue 21: the crash on
  // 'Asignar igualmente' and 'Revisar la asignación').
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [value]);
  return (
    <section ref={panel} role="alert" aria-labelledby="working-time-warnings-title" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <h3 id="working-time-warnings-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </h3>
      <ul className="mt-2 flex max-h-48 flex-col gap-1.5 overflow-y-auto">
        {value.warnings.map((warning) => (
          <li key={`${warning.userId}-${warning.rule}-${warning.day}`} className="leading-snug">
            <span className="font-medium">{warning.userName}</span> · {dayLabel(warning.day)}: {warning.message}
          </li>
        ))}
        {hidden > 0 && <li>y {hidden} avisos más</li>}
      </ul>
      <p className="mt-2">¿Quieres asignar igualmente? Quedará anotado en el registro de acciones.</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDismiss} disabled={pending}>
          Revisar la asignación
        </Button>
        <Button type="button" size="sm" onClick={onConfirm} disabled={pending}>
          {pending && <Spinner />}
          Asignar igualmente
        </Button>
      </div>
    </section>
  );
}
