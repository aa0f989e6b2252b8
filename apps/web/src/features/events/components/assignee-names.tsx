import { MISSING_USER_NAME, summarizeAssigneeNames } from '@jornada/shared/events';
import { cn } from '@/lib/cn';

const NO_STAFF = 'Sin personal asignado.';

/** Every assigned name as a list ('Usuario no encontrado' for a missing user, 'Sin personal asignado.' for none). */
export function AssigneeList({ names, className }: { names: readonly string[]; className?: string }) {
  if (names.length === 0) return <p className={cn('text-sm text-muted-foreground', className)}>{NO_STAFF}</p>;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)}>
      {names.map((name, index) => (
        <li
          key={`${name}-${index}`}
          className={cn('rounded-full bg-muted px-2.5 py-1 text-xs font-medium', name === MISSING_USER_NAME && 'text-muted-foreground italic')}
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

/** Spec section 2 screen 12: at most three names, then '+N más'. */
export function AssigneeSummary({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <span className="text-muted-foreground">{NO_STAFF}</span>;
  const { visible, moreLabel } = summarizeAssigneeNames(names);
  return (
    <span>
      {visible.join(', ')}
      {moreLabel && <span className="ml-1 font-medium whitespace-nowrap text-muted-foreground">{moreLabel}</span>}
    </span>
  );
}
