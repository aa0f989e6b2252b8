import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function AccountRoute() {
  return <PlaceholderPage routeName="account" />;
}
