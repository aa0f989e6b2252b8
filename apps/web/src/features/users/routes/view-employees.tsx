import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ViewEmployeesRoute() {
  return <PlaceholderPage routeName="view-employees" />;
}
