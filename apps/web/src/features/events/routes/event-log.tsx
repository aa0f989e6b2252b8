import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function EventLogRoute() {
  return <PlaceholderPage routeName="event-log" />;
}
