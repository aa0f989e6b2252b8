import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function VacationsRoute() {
  return <PlaceholderPage routeName="vacations" />;
}
