import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ManagePermissionsRoute() {
  return <PlaceholderPage routeName="manage-permissions" />;
}
