import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ShiftsRoute() {
  return <PlaceholderPage routeName="shifts" />;
}
