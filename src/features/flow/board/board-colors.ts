import type { NodeType } from '../../../core/flow';

// A canvas cannot read CSS variables, so the board copies the theme's tokens (src/styles/index.css)
// into plain colours, and copies them again when the theme changes.

export interface BoardColors {
  surface: string;
  surfaceAlt: string;
  text: string;
  muted: string;
  border: string;
  primary: string;
  danger: string;
}

const TOKENS: Record<keyof BoardColors, string> = {
  surface: '--surface',
  surfaceAlt: '--surface-2',
  text: '--text',
  muted: '--muted',
  border: '--border-strong',
  primary: '--primary',
  danger: '--danger',
};

const FALLBACK: BoardColors = {
  surface: '#ffffff',
  surfaceAlt: '#f3f2f8',
  text: '#181a25',
  muted: '#646879',
  border: '#cfd0dc',
  primary: '#6d28d9',
  danger: '#c62828',
};

export function readBoardColors(element: Element = document.documentElement): BoardColors {
  const style = getComputedStyle(element);
  const colors = { ...FALLBACK };
  for (const key of Object.keys(TOKENS) as (keyof BoardColors)[]) {
    const value = style.getPropertyValue(TOKENS[key]).trim();
    if (value) colors[key] = value;
  }
  return colors;
}

/**
 * The accent stripe of each node type, so a large flow can be read by colour at low zoom where
 * no text is drawn. Mid-tone hues that read on both the light and the dark surface.
 */
export const TYPE_ACCENTS: Record<NodeType, string> = {
  basic: '#3b82f6',
  choice: '#f59e0b',
  api: '#10b981',
  wizard: '#8b5cf6',
  ai: '#ec4899',
  'realtime-ai': '#d946ef',
  call: '#06b6d4',
  'language-changer': '#84cc16',
  'device-permission': '#f97316',
  notification: '#eab308',
  'flow-template': '#6366f1',
  dynamic: '#64748b',
};
