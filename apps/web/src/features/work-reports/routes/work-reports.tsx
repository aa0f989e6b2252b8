import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function WorkReportsRoute() {
  return <PlaceholderPage routeName="work-reports" />;
}
