import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function MySignatureRoute() {
  return <PlaceholderPage routeName="my-signature" />;
}
