// The board's zoom keys (issue 13): + or = zooms in, - zooms out, 0 goes to 100 %, 1 fits the
// flow. Only plain presses count: Ctrl/Cmd with + or - is the browser's own page zoom.

export type ZoomCommand = 'in' | 'out' | 'actual' | 'fit';

const KEYS: Record<string, ZoomCommand> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  _: 'out',
  '0': 'actual',
  '1': 'fit',
};

export function zoomCommandOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): ZoomCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  return KEYS[event.key] ?? null;
}
