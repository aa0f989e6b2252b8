import { isActiveStatus } from '@jornada/shared/events';
import { Badge } from '@/components/ui/badge';

/** Spec section 2 screen 2: green for an active event, yellow otherwise. */
export function EventStatusBadge({ status }: { status: string }) {
  return <Badge variant={isActiveStatus(status) ? 'success' : 'warning'}>{status}</Badge>;
}
