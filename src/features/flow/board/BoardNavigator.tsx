import { Map as MapIcon, Maximize, ZoomIn, ZoomOut, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Minimap } from './minimap';
import type { BoardRenderer } from './renderer';
import './board-navigator.css';

const MINIMAP_KEY = 'boardMinimap';

/** The minimap starts shown on a wide screen, hidden on a phone; the author's choice is kept. */
function minimapShownAtFirst(): boolean {
  try {
    const saved = localStorage.getItem(MINIMAP_KEY);
    if (saved !== null) return saved === '1';
  } catch {
    // Storage may be off (private mode): fall back to the screen width.
  }
  return window.innerWidth >= 768;
}

/**
 * The board's zoom controls and minimap, in its bottom-left corner (issue 13). The zoom readout
 * follows the view imperatively, so a pan or zoom frame never re-renders React.
 */
export function BoardNavigator({ renderer }: { renderer: BoardRenderer }) {
  const [minimap, setMinimap] = useState(minimapShownAtFirst);
  const percentRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    let shown = '';
    const show = () => {
      const text = `${Math.round(renderer.view.scale * 100)} %`;
      if (text === shown || !percentRef.current) return;
      percentRef.current.textContent = shown = text;
    };
    show();
    return renderer.viewChanged.listen(show);
  }, [renderer]);

  const toggleMinimap = () => {
    setMinimap(!minimap);
    try {
      localStorage.setItem(MINIMAP_KEY, minimap ? '0' : '1');
    } catch {
      // Not remembered; the toggle still works for this page.
    }
  };

  return (
    <div className="board-navigator">
      {minimap && <MinimapCanvas renderer={renderer} />}
      <div className="board-zoom" role="toolbar" aria-label="Zoom">
        <ZoomButton label="Zoom out" keyName="−" onClick={() => renderer.zoom('out')} icon={ZoomOut} />
        <button
          type="button"
          className="board-zoom-actual"
          aria-label="Zoom to 100 %"
          title="Zoom to 100 % (0)"
          onClick={() => renderer.zoom('actual')}
        >
          <span ref={percentRef} />
        </button>
        <ZoomButton label="Zoom in" keyName="+" onClick={() => renderer.zoom('in')} icon={ZoomIn} />
        <ZoomButton label="Fit to view" keyName="1" onClick={() => renderer.zoom('fit')} icon={Maximize} />
        <button
          type="button"
          className="icon-btn"
          aria-label="Minimap"
          aria-pressed={minimap}
          title={minimap ? 'Hide the minimap' : 'Show the minimap'}
          onClick={toggleMinimap}
        >
          <MapIcon size={18} aria-hidden />
        </button>
      </div>
    </div>
  );
}

/** An icon button of the zoom bar, its key shown in the tooltip. */
function ZoomButton(props: { label: string; keyName: string; icon: LucideIcon; onClick: () => void }) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={props.label}
      title={`${props.label} (${props.keyName})`}
      onClick={props.onClick}
    >
      <Icon size={18} aria-hidden />
    </button>
  );
}

function MinimapCanvas({ renderer }: { renderer: BoardRenderer }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const minimap = new Minimap(canvasRef.current!, renderer);
    return () => minimap.destroy();
  }, [renderer]);
  return (
    <canvas
      ref={canvasRef}
      className="board-minimap"
      role="img"
      aria-label="Minimap of the flow: click or drag to move the view"
      title="Click or drag to move the view"
    />
  );
}
