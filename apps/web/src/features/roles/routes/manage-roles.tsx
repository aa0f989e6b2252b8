import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ManageRolesRoute() {
  return <PlaceholderPage routeName="manage-roles" />;
}
