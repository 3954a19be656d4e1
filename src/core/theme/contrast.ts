// WCAG 2.1 contrast (success criteria 1.4.3 and 1.4.11): the ratio of two colours' relative
// luminances. The end-to-end contrast check and the widget's dark mode both use it, so what the
// test measures and what the widget corrects are the same arithmetic.

/** A colour as 0–255 channels and an alpha between 0 and 1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Normal text needs 4.5:1; large text (24 px, or 18.66 px bold) and controls' parts need 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Reads #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(…) and rgba(…) (comma or space syntax) and
 * color(srgb …); null otherwise.
 */
export function parseColor(text: string): Rgba | null {
  const value = text.trim().toLowerCase();
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    let digits = hex[1];
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const channel = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
  }
  // Chrome computes color-mix() to color(srgb r g b / a), channels 0–1.
  const srgb = /^color\(srgb\s+([^)]*)\)$/.exec(value);
  if (srgb) {
    const [channels, alpha] = srgb[1].split('/');
    const [r, g, b] = channels.trim().split(/\s+/).map(Number);
    const a = alpha === undefined ? 1 : Number(alpha.trim());
    if ([r, g, b, a].some((n) => Number.isNaN(n))) return null;
    return {
      r: clamp(r * 255, 0, 255),
      g: clamp(g * 255, 0, 255),
      b: clamp(b * 255, 0, 255),
      a: clamp(a, 0, 1),
    };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value);
  if (!fn) return null;
  const parts = fn[1].split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4) return null;
  const number = (part: string, scale: number) =>
    part.endsWith('%') ? (parseFloat(part) / 100) * scale : parseFloat(part);
  const [r, g, b] = parts.slice(0, 3).map((p) => number(p, 255));
  const a = parts[3] === undefined ? 1 : number(parts[3], 1);
  if ([r, g, b, a].some((n) => Number.isNaN(n))) return null;
  return { r: clamp(r, 0, 255), g: clamp(g, 0, 255), b: clamp(b, 0, 255), a: clamp(a, 0, 1) };
}

/** `top` painted over an opaque `bottom` (source-over): the colour the eye sees. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio (1 to 21) of a foreground over an opaque background. A translucent
 * foreground is first composited over the background, as the browser draws it.
 */
export function contrastRatio(foreground: Rgba | string, background: Rgba | string): number {
  const bg = typeof background === 'string' ? parseColor(background) : background;
  const fgRaw = typeof foreground === 'string' ? parseColor(foreground) : foreground;
  if (!bg || !fgRaw) throw new Error(`Not a colour: ${String(bg ? foreground : background)}`);
  const fg = fgRaw.a < 1 ? composite(fgRaw, bg) : fgRaw;
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(bg)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG's "large scale" text: at least 18 pt (24 px), or 14 pt (18.66 px) and bold. */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700);
}

/** The ratio text of this size and weight needs for AA. */
export function requiredRatio(fontSizePx: number, fontWeight: number): number {
  return isLargeText(fontSizePx, fontWeight) ? AA_LARGE : AA_TEXT;
}

export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * `foreground` itself when it already reaches `minimum` on `background`, else the same hue mixed
 * toward white (on a dark background) or black (on a light one) just enough to reach it. Dark mode
 * uses it so a bot's brand colour stays recognisable and still readable on the dark surfaces.
 */
export function readableOn(foreground: string, background: string, minimum = AA_TEXT): string {
  const fg = parseColor(foreground);
  const bg = parseColor(background);
  if (!fg || !bg || contrastRatio(fg, bg) >= minimum) return foreground;
  const target = relativeLuminance(bg) < 0.18 ? 255 : 0;
  const towards = (t: number): Rgba => ({
    r: fg.r + (target - fg.r) * t,
    g: fg.g + (target - fg.g) * t,
    b: fg.b + (target - fg.b) * t,
    a: 1,
  });
  // The ratio grows with t: bisect for the smallest mix that is enough.
  let low = 0;
  let high = 1;
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (contrastRatio(towards(mid), bg) >= minimum) high = mid;
    else low = mid;
  }
  // Rounding to whole channels can lose a hair of contrast: step on until the hex passes.
  let t = high;
  while (t < 1 && contrastRatio(toHex(towards(t)), bg) < minimum) t = Math.min(1, t + 0.01);
  return toHex(towards(t));
}
