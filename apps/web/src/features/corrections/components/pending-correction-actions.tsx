import { ClipboardPen, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useCorrectionSummary } from '../api/corrections';

/**
 * The overview's pending actions from the registro (one <li> each, or nothing): corrections waiting
 * for the caller's decision, and records 'Sin cierre'. Both lead to 'Correcciones'.
 */
export function PendingCorrectionActions() {
  const { isEmployee } = useAuth();
  const summary = useCorrectionSummary();
  if (!summary.data) return null;
  const { awaitingMe, sinCierre } = summary.data;
  const items = [];
  if (awaitingMe > 0) {
    items.push({
      key: 'awaiting',
      icon: <ClipboardPen className="size-5" />,
      title: awaitingMe === 1 ? '1 corrección de fichaje espera tu decisión' : `${awaitingMe} correcciones de fichajes esperan tu decisión`,
      text: isEmployee ? 'Revísala y apruébala con tu firma, o recházala.' : 'Apruébalas o recházalas; solo se aplican con tu aprobación.',
    });
  }
  if (sinCierre > 0) {
    items.push({
      key: 'sin-cierre',
      icon: <TriangleAlert className="size-5" />,
      title: isEmployee ? 'Tienes un fichaje sin cierre' : sinCierre === 1 ? '1 fichaje sin cierre' : `${sinCierre} fichajes sin cierre`,
      text: isEmployee ? 'No fichaste la salida. Solicita una corrección con tu hora real de salida.' : 'Siguen abiertos 2 horas después del fin de su evento.',
    });
  }
  return items.map((item) => (
    <li key={item.key} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 shrink-0 text-primary" aria-hidden="true">
          {item.icon}
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-medium">{item.title}</p>
          <p className="text-muted-foreground">{item.text}</p>
        </div>
      </div>
      <Link to="/dashboard/corrections" className={buttonClasses('outline', 'sm', 'shrink-0')}>
        Ver correcciones
      </Link>
    </li>
  ));
}
