import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ManageEventsRoute() {
  return <PlaceholderPage routeName="manage-events" />;
}
