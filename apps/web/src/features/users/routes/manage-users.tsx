import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ManageUsersRoute() {
  return <PlaceholderPage routeName="manage-users" />;
}
