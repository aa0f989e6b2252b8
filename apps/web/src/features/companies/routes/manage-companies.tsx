import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ManageCompaniesRoute() {
  return <PlaceholderPage routeName="manage-companies" />;
}
