import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function MyHoursRoute() {
  return <PlaceholderPage routeName="my-hours" />;
}
