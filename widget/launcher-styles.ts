// How the widget looks on the host page. The launcher is two elements with inline styles that
// start from `all:initial`: the host page's own CSS (short of !important rules) cannot reach them,
// and they cost the page less than a shadow root with a style sheet while it loads
// (bench/widget.ts). The button is fixed in a corner, out of the page's flow, so drawing it never
// lays the page out again. The chat panel, built on the first open only, has a shadow root.

// `color:inherit`: the launcher's own colour reaches the bubble, drawn in currentColor.
const INITIAL = 'all:initial;box-sizing:border-box;display:block;color:inherit;';

/** The launcher button, fixed in a corner; `outline:revert` keeps the browser's focus ring. */
export function launcherStyle(left: boolean, background: string, color: string, avatar: string): string {
  const picture = avatar ? `;background-image:url("${encodeURI(avatar)}");background-size:cover` : '';
  return (
    `${INITIAL}position:fixed;bottom:20px;${left ? 'left' : 'right'}:20px;z-index:2147483646;width:60px;` +
    `height:60px;border-radius:50%;cursor:pointer;outline:revert;background-color:${background};` +
    `color:${color};box-shadow:0 4px 14px rgba(0,0,0,.25)${picture}`
  );
}

/**
 * The chat bubble of a launcher without avatar: one box with a square corner, in CSS (an inline
 * SVG would cost the page more to parse).
 */
export const BUBBLE_STYLE = `${INITIAL}position:absolute;left:16px;top:18px;width:28px;height:22px;border-radius:8px 8px 8px 1px;background:currentColor`;
export const UNREAD_STYLE = `${INITIAL}position:absolute;top:0;right:0;width:12px;height:12px;border:2px solid #fff;border-radius:50%;background:#ef4444`;

/** The unread count of notifications delivered while the guest was away (issue 18). */
export const UNREAD_COUNT_STYLE = `${INITIAL}position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 5px;box-sizing:border-box;border:2px solid #fff;border-radius:10px;background:#b91c1c;color:#fff;font:700 11px/16px system-ui,sans-serif;text-align:center`;

export const panelStyles = `
:host{all:initial}
.panel{position:fixed;z-index:2147483647;bottom:92px;right:20px;width:380px;height:min(640px,calc(100vh - 112px));
border-radius:16px;overflow:hidden;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.25)}
.panel.left{right:auto;left:20px}
.panel[hidden]{display:none}
.panel iframe{width:100%;height:100%;border:0;display:block}
@media (max-width:480px){.panel{inset:0;width:auto;height:auto;border-radius:0}}
`;
