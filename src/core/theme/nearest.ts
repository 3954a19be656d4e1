// The "fix" of a failing text colour: the closest colour to the author's that reaches the ratio.
// Closest means the smallest mix toward black or toward white (the hue is kept, only lightness
// moves), trying both directions: on a mid-tone background the lighter fix can be the nearer one.
import { AA_TEXT, contrastRatio, parseColor, toHex, type Rgba } from './contrast';

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

const mix = (from: Rgba, to: Rgba, t: number): Rgba => ({
  r: from.r + (to.r - from.r) * t,
  g: from.g + (to.g - from.g) * t,
  b: from.b + (to.b - from.b) * t,
  a: 1,
});

/** The smallest mix of `fg` toward `target` that reaches `minimum` on `bg`, as hex; null if none. */
function smallestMix(fg: Rgba, target: Rgba, bg: Rgba, minimum: number): { t: number; hex: string } | null {
  if (contrastRatio(target, bg) < minimum) return null;
  // Along one direction the ratio first may fall (passing the background's lightness) then rise:
  // scan coarsely for the first passing step, then bisect inside it.
  let high = 1;
  let low = 0;
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    if (contrastRatio(mix(fg, target, t), bg) >= minimum) {
      high = t;
      low = (step - 1) / 20;
      break;
    }
  }
  for (let i = 0; i < 16; i++) {
    const mid = (low + high) / 2;
    if (contrastRatio(mix(fg, target, mid), bg) >= minimum) high = mid;
    else low = mid;
  }
  // Whole channels can lose a hair of contrast: step on until the hex itself passes.
  let t = high;
  while (t < 1 && contrastRatio(toHex(mix(fg, target, t)), bg) < minimum) t = Math.min(1, t + 0.005);
  return { t, hex: toHex(mix(fg, target, t)) };
}

/**
 * `foreground` when it already reaches `minimum` on `background`; else the nearest colour of the
 * same hue that does (pure black or white always reach 4.5 on one side, so there is one).
 */
export function nearestReadable(foreground: string, background: string, minimum = AA_TEXT): string {
  const fg = parseColor(foreground);
  const bg = parseColor(background);
  if (!fg || !bg) return foreground;
  const solid = fg.a < 1 ? { ...fg, a: 1 } : fg;
  if (contrastRatio(solid, bg) >= minimum) return foreground;
  const options = [smallestMix(solid, BLACK, bg, minimum), smallestMix(solid, WHITE, bg, minimum)].filter(
    (option) => option !== null,
  );
  if (options.length === 0)
    return contrastRatio(BLACK, bg) > contrastRatio(WHITE, bg) ? '#000000' : '#ffffff';
  return options.reduce((best, option) => (option.t < best.t ? option : best)).hex;
}

/**
 * The nearest colour readable on every one of `backgrounds` (a date shows on the chat background
 * and in bot bubbles). Fixing against one background can spoil another, so the fixes are repeated
 * a few rounds; when no colour fits all, the last round's colour is answered and the check stays red.
 */
export function nearestReadableOnAll(foreground: string, backgrounds: string[], minimum = AA_TEXT): string {
  let colour = foreground;
  for (let round = 0; round < 4; round++) {
    const failing = backgrounds.find((bg) => contrastRatio(colour, bg) < minimum);
    if (!failing) return colour;
    colour = nearestReadable(colour, failing, minimum);
  }
  return colour;
}

/** `a` mixed with `b` by `amount` of `b` (0: a, 1: b), as hex: tints and shades of a brand colour. */
export function mixColours(a: string, b: string, amount: number): string {
  const from = parseColor(a) ?? BLACK;
  const to = parseColor(b) ?? BLACK;
  return toHex(mix(from, to, amount));
}
