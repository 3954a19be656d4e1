import { PlaceholderPage } from './PlaceholderPage';

export function ThemePage() {
  return <PlaceholderPage title="Theme" />;
}
