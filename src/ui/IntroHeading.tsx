/** A page or panel title with its subtitle (spec 1 §2 "intro heading with subtitle"). */
export function IntroHeading({
  title,
  subtitle,
  level = 1,
}: {
  title: string;
  subtitle?: string;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className="intro">
      <Heading className="intro-title">{title}</Heading>
      {subtitle && <p className="intro-subtitle">{subtitle}</p>}
    </header>
  );
}
