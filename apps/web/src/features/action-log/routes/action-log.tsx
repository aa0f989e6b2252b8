import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ActionLogRoute() {
  return <PlaceholderPage routeName="action-log" />;
}
