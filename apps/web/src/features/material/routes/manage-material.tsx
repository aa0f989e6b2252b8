import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ManageMaterialRoute() {
  return <PlaceholderPage routeName="manage-material" />;
}
