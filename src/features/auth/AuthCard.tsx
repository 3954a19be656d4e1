import type { ReactNode } from 'react';

/** The raised form card every sign-in screen uses. */
export function AuthCard({
  title,
  subtitle,
  level = 1,
  children,
}: {
  title: string;
  subtitle?: string;
  /** 2 when the screen already has its h1 (the feature panel of login and signup). */
  level?: 1 | 2;
  children: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="auth-card">
      <Heading className="auth-card-title">{title}</Heading>
      {subtitle && <p className="auth-card-subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}
