import { expiryBadgeText, type Qualification } from '@jornada/shared/schemas/qualifications';
import { Badge } from '@/components/ui/badge';

/** 'Caducada' (red), 'Caduca en N días' (amber, within 60 days), 'Vigente' or 'Sin caducidad'. */
export function ExpiryBadge({ qualification }: { qualification: Pick<Qualification, 'daysLeft' | 'status'> }) {
  if (qualification.daysLeft === null) return <Badge variant="outline">Sin caducidad</Badge>;
  if (qualification.status === 'vigente') return <Badge variant="success">Vigente</Badge>;
  return <Badge variant={qualification.status === 'caducada' ? 'destructive' : 'warning'}>{expiryBadgeText(qualification.daysLeft)}</Badge>;
}

export const dayLabel = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');
