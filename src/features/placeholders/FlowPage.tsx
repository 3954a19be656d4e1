import { PlaceholderPage } from './PlaceholderPage';

export function FlowPage() {
  return <PlaceholderPage title="Flow" />;
}
