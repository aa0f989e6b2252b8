import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function MyDocumentsRoute() {
  return <PlaceholderPage routeName="my-documents" />;
}
