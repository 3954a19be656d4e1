import type { ReactNode } from 'react';
import { IntroHeading } from '../../ui';

/** A section whose screen is not built yet: its heading and a calm note, nothing else. */
export function PlaceholderPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page">
      <IntroHeading title={title} subtitle={subtitle} />
      {children}
    </div>
  );
}
