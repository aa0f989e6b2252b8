import { CircleCheck, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';

function Count({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <span className="hidden size-10 shrink-0 sm:flex items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
      </div>
    </div>
  );
}

/** The month's counts of pending and completed payments. */
export function PaymentsSummary({ pending, paid }: { pending: number; paid: number }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:max-w-md">
      <Count label="Pagos pendientes" value={pending} icon={<Hourglass />} />
      <Count label="Pagos completados" value={paid} icon={<CircleCheck />} />
    </div>
  );
}
