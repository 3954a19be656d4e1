import Konva from 'konva';
import { wrapCaption } from './caption-layout';

// A node's title drawn large at low zoom (level-of-detail.ts). Unlike Konva.Text, which rebuilds
// its font string (and, outside legacy placement, measures a sample glyph) on every draw, the
// caption is laid out once when it is bound; a frame only sets the font and fills the stored
// lines, allocating nothing.

/** Line height as a multiple of the font size. */
const LINE_HEIGHT = 1.1;
const FONT_FAMILY = 'Arial';

interface CaptionLayout {
  lines: string[];
  font: string;
  lineHeight: number;
  /** Where the first line's middle sits: the lines are centred in the caption's height. */
  firstMiddle: number;
  fill: string;
}

/** Fonts by size, built once each: the draw never concatenates a string. */
const fonts = new Map<number, string>();
function fontOf(size: number): string {
  let font = fonts.get(size);
  if (!font) fonts.set(size, (font = `bold ${size}px ${FONT_FAMILY}`));
  return font;
}

let measurer: CanvasRenderingContext2D | null = null;
/** The font the measuring context holds: setting it again (parsing it) for every node is skipped. */
let measurerFont = '';
function measureWith(font: string, size: number): (text: string) => number {
  measurer ??= document.createElement('canvas').getContext('2d');
  // No 2D context (a test DOM): an average glyph width is close enough to wrap by.
  if (!measurer) return (text) => text.length * 0.6 * size;
  const context = measurer;
  if (measurerFont !== font) context.font = measurerFont = font;
  return (text) => context.measureText(text).width;
}

const layouts = new WeakMap<Konva.Shape, CaptionLayout>();

export function createCaptionShape(x: number): Konva.Shape {
  return new Konva.Shape({
    // Named so tests find the captions with stage.find('.node-caption').
    name: 'node-caption',
    x,
    y: 0,
    listening: false,
    perfectDrawEnabled: false,
    visible: false,
    sceneFunc(context, shape) {
      const layout = layouts.get(shape);
      if (!layout || layout.lines.length === 0) return;
      context.setAttr('font', layout.font);
      context.setAttr('fillStyle', layout.fill);
      context.setAttr('textBaseline', 'middle');
      context.setAttr('textAlign', 'left');
      for (let i = 0; i < layout.lines.length; i++) {
        context.fillText(layout.lines[i], 0, layout.firstMiddle + i * layout.lineHeight);
      }
    },
  });
}

/**
 * Lays `text` out at `fontSize` in a `width` × `height` box: as many lines as the height holds,
 * the last ending with an ellipsis when the title is longer.
 */
export function bindCaptionShape(
  shape: Konva.Shape,
  text: string,
  fontSize: number,
  width: number,
  height: number,
  fill: string,
): void {
  const before = layouts.get(shape);
  const font = fontOf(fontSize);
  const lineHeight = fontSize * LINE_HEIGHT;
  const maxLines = Math.max(1, Math.floor(height / lineHeight));
  const same =
    before &&
    before.font === font &&
    shape.getAttr('captionText') === text &&
    shape.width() === width &&
    shape.height() === height;
  const lines =
    same && before ? before.lines : wrapCaption(text, width, maxLines, measureWith(font, fontSize));
  const firstMiddle = (height - lines.length * lineHeight) / 2 + lineHeight / 2;
  layouts.set(shape, { lines, font, lineHeight, firstMiddle, fill });
  // The lines are kept as an attribute too (set only here, never per frame) for tests to read.
  shape.setAttrs({ visible: true, width, height, captionText: text, captionLines: lines });
}
