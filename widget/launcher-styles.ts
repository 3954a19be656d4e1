// The launcher and the chat panel live in a shadow root, so the host page's CSS cannot reach them
// and theirs cannot leak out. The colours are the bot theme's header colours.
export function launcherStyles(background: string, color: string): string {
  return `
:host{all:initial}
.launcher{position:fixed;bottom:20px;right:20px;z-index:2147483646;width:60px;height:60px;border:0;
border-radius:50%;padding:0;cursor:pointer;background:${background};color:${color};display:grid;
place-items:center;box-shadow:0 4px 14px rgba(0,0,0,.25);overflow:hidden}
.launcher img{width:100%;height:100%;object-fit:cover}
.launcher:focus-visible{outline:3px solid ${background};outline-offset:3px}
.launcher.unread::after{content:"";position:absolute;top:6px;right:6px;width:12px;height:12px;
border-radius:50%;background:#ef4444;border:2px solid #fff}
.panel{position:fixed;bottom:92px;right:20px;z-index:2147483647;width:380px;
height:min(640px,calc(100vh - 112px));border-radius:16px;overflow:hidden;background:#fff;
box-shadow:0 12px 40px rgba(0,0,0,.25)}
.left{right:auto;left:20px}
.panel[hidden]{display:none}
.panel iframe{width:100%;height:100%;border:0;display:block}
@media (max-width:480px){.panel{inset:0;width:auto;height:auto;border-radius:0}}
`;
}
