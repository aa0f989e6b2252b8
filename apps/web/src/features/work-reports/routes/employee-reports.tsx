import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function EmployeeReportsRoute() {
  return <PlaceholderPage routeName="employee-reports" />;
}
