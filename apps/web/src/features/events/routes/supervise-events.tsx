import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function SuperviseEventsRoute() {
  return <PlaceholderPage routeName="supervise-events" />;
}
