/** The BotFlow mark (same drawing as the favicon) and, unless `markOnly`, the brand text. */
export function Logo({ markOnly = false, text = 'BotFlow' }: { markOnly?: boolean; text?: string }) {
  return (
    <span className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--primary-strong)" />
        <circle cx="11" cy="14" r="3" fill="#fff" />
        <circle cx="21" cy="14" r="3" fill="#fff" />
        <path d="M9 21q7 5 14 0" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
      </svg>
      {!markOnly && <span className="logo-text">{text}</span>}
    </span>
  );
}
