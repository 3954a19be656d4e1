import type { ButtonHTMLAttributes } from 'react';

// The modal's own icons, drawn like src/ui/icons.tsx (stroke paths on a 24-unit grid,
// decorative); the button around each carries the accessible name.

const paths = {
  up: <path d="m18 15-6-6-6 6" />,
  down: <path d="m6 9 6 6 6-6" />,
  trash: <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />,
  edit: <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />,
  plus: <path d="M12 5v14M5 12h14" />,
  grip: <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth={3} />,
  eye: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  upload: <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />,
  x: <path d="M18 6 6 18M6 6l12 12" />,
  bold: <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />,
  italic: <path d="M14 5h5M5 19h5M15 5 9 19" />,
  list: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" strokeWidth={2} />,
  numbered: <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 14.5a1.5 1.5 0 0 1 3 .5L4 18h3" />,
};

export type EditorIconName = keyof typeof paths;

export function EditorIcon({ name, size = 16 }: { name: EditorIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}

interface ToolButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: EditorIconName;
  /** The accessible name (and tooltip): an icon alone says nothing to a screen reader. */
  label: string;
  tone?: 'danger';
}

/** A small square icon button for list rows (move, edit, delete). */
export function ToolButton({ icon, label, tone, className, ...rest }: ToolButtonProps) {
  const classes = ['ne-tool', tone === 'danger' && 'ne-tool-danger', className].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} aria-label={label} title={label} {...rest}>
      <EditorIcon name={icon} />
    </button>
  );
}
