import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function TimeLogRoute() {
  return <PlaceholderPage routeName="time-log" />;
}
