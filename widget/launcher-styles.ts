// The launcher and the chat panel live in a shadow root, so the host page's CSS cannot reach them
// and theirs cannot leak out. The host element itself is fixed in the corner (set inline by the
// loader): out of the page's flow, drawing it never lays the host page out again. The colours
// are the bot theme's header colours, as custom properties set on the host element.
export const launcherStyles = `
:host{all:initial}
.launcher{all:initial;box-sizing:border-box;position:relative;width:60px;height:60px;border-radius:50%;
cursor:pointer;display:grid;place-items:center;overflow:hidden;background:var(--bg) center/cover;color:var(--fg);
box-shadow:0 4px 14px rgba(0,0,0,.25)}
.launcher:focus-visible{outline:3px solid var(--bg);outline-offset:3px}
.launcher.icon::before{content:"";width:28px;height:21px;margin-top:-5px;border-radius:7px;background:currentColor}
.launcher.icon::after{content:"";position:absolute;left:19px;top:34px;border:6px solid transparent;
border-top-color:currentColor;border-left-color:currentColor}
.unread{position:absolute;top:0;right:0;width:12px;height:12px;border:2px solid #fff;border-radius:50%;
background:#ef4444}
`;

export const panelStyles = `
.panel{position:fixed;bottom:92px;right:20px;width:380px;height:min(640px,calc(100vh - 112px));
border-radius:16px;overflow:hidden;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.25)}
.panel.left{right:auto;left:20px}
.panel[hidden]{display:none}
.panel iframe{width:100%;height:100%;border:0;display:block}
.notice{display:grid;place-items:center;height:100%;padding:24px;box-sizing:border-box;
font:15px/1.4 system-ui,sans-serif;color:#374151;text-align:center}
@media (max-width:480px){.panel{inset:0;width:auto;height:auto;border-radius:0}}
`;
