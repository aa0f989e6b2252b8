import { SHIFT_SWAP_STATE_LABELS, type ShiftSwap, type SwapShift } from '@jornada/shared/schemas/shift-swaps';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatEventRange } from '../utils/event-dates';

const stateVariant: Record<ShiftSwap['state'], BadgeVariant> = { open: 'secondary', taken: 'warning', approved: 'success', rejected: 'destructive', cancelled: 'outline' };

function Shift({ label, shift }: { label: string; shift: SwapShift }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="break-words">
        «{shift.name}» · {formatEventRange({ date: shift.startTime, endDate: shift.endTime })}
      </dd>
    </div>
  );
}

/** One offer or swap: who gives which shift, who takes it, and its state (decision 052). */
export function ShiftSwapItem({ swap, children }: { swap: ShiftSwap; children?: ReactNode }) {
  const title = swap.kind === 'offer' ? `${swap.fromUserName} ofrece su turno` : `${swap.fromUserName} propone un cambio a ${swap.toUserName ?? ''}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold break-words">{title}</p>
        <Badge variant={stateVariant[swap.state]}>{SHIFT_SWAP_STATE_LABELS[swap.state]}</Badge>
      </div>
      <dl className="grid gap-2">
        <Shift label={swap.kind === 'offer' ? 'Turno' : `Turno de ${swap.fromUserName}`} shift={swap.fromShift} />
        {swap.toShift && <Shift label={`Turno de ${swap.toUserName ?? ''}`} shift={swap.toShift} />}
        {swap.kind === 'offer' && swap.toUserName && (
          <div>
            <dt className="text-xs font-semibold text-muted-foreground">Lo coge</dt>
            <dd>{swap.toUserName}</dd>
          </div>
        )}
        {swap.decidedByName && (
          <div>
            <dt className="text-xs font-semibold text-muted-foreground">Decidido por</dt>
            <dd>{swap.decidedByName}</dd>
          </div>
        )}
      </dl>
      {children}
    </li>
  );
}
