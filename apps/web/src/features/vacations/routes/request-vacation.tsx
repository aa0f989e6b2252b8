import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function RequestVacationRoute() {
  return <PlaceholderPage routeName="request-vacation" />;
}
