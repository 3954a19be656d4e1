import type { ButtonHTMLAttributes } from 'react';

// The editor's own icons (undo, redo, edit, …), drawn like src/ui/icons.tsx: stroke paths on a
// 24-unit grid, decorative, the control around them carrying the name.

const paths = {
  undo: <path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />,
  redo: <path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />,
  edit: <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />,
  copy: (
    <>
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </>
  ),
  trash: <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />,
  play: <path d="m6 4 14 8-14 8z" />,
  upload: <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />,
  help: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
    </>
  ),
  panel: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M9 3v18" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  layers: <path d="m12 2 10 5-10 5L2 7zM2 17l10 5 10-5M2 12l10 5 10-5" />,
} as const;

export type FlowIconName = keyof typeof paths;

export function FlowIcon({ name, size = 18 }: { name: FlowIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
    >
      {paths[name]}
    </svg>
  );
}

interface FlowIconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: FlowIconName;
  label: string;
}

/** A round icon button (the .icon-btn of src/ui) holding one of the editor's icons. */
export function FlowIconButton({ icon, label, className, ...rest }: FlowIconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      aria-label={label}
      title={label}
      {...rest}
    >
      <FlowIcon name={icon} size={20} />
    </button>
  );
}
