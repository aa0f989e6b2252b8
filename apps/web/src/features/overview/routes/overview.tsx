import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function OverviewRoute() {
  return <PlaceholderPage routeName="overview" />;
}
