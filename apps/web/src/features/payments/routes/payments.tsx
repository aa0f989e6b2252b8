import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function PaymentsRoute() {
  return <PlaceholderPage routeName="payments" />;
}
