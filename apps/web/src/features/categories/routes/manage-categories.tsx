import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ManageCategoriesRoute() {
  return <PlaceholderPage routeName="manage-categories" />;
}
