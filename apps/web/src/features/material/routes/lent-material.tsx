import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function LentMaterialRoute() {
  return <PlaceholderPage routeName="lent-material" />;
}
