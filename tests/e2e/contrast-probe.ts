// Reads, in the page, what a contrast check needs for every visible text and icon: its colour,
// size and weight, and the chain of backgrounds and opacities from the root down to it. The ratio
// itself is computed in the test with src/core/theme/contrast.ts (the same arithmetic the widget
// uses), by painting that chain the way the browser composites it.
import type { Frame, Page } from '@playwright/test';
import {
  composite,
  contrastRatio,
  parseColor,
  requiredRatio,
  AA_LARGE,
  type Rgba,
} from '../../src/core/theme/contrast';

interface Layer {
  background: string;
  opacity: number;
  /** The computed background-image ('none', gradients, url()). */
  image: string;
}

export interface Probe {
  what: string;
  color: string;
  fontSize: number;
  fontWeight: number;
  /** An icon (svg) or a control's border: 3:1 is enough (WCAG 1.4.11). */
  graphic: boolean;
  /** Root first, the element itself last. */
  chain: Layer[];
  /** An opacity of the text alone (a placeholder's), on top of its colour's alpha. */
  fade?: number;
}

export interface Finding {
  what: string;
  ratio: number;
  required: number;
  text: string;
  background: string;
}

/** Runs in the page: every visible, enabled text, field, placeholder and button icon. */
function probeDocument(): Probe[] {
  const probes: Probe[] = [];
  const chainOf = (element: Element): Layer[] => {
    const chain: Layer[] = [];
    for (let e: Element | null = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      chain.unshift({
        background: style.backgroundColor,
        opacity: Number(style.opacity),
        image: style.backgroundImage,
      });
    }
    return chain;
  };
  const describe = (element: Element, text: string) => {
    const classes = typeof element.className === 'string' ? element.className.trim() : '';
    const name = `${element.tagName.toLowerCase()}${classes ? `.${classes.split(/\s+/).join('.')}` : ''}`;
    return `${name} "${text.trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  };
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // 1-px boxes are the visually-hidden labels screen readers read.
    return rect.width > 1 && rect.height > 1 && style.visibility === 'visible';
  };
  // WCAG exempts inactive controls (1.4.3 "part of an inactive user interface component").
  const inactive = (element: Element) =>
    element.closest(':disabled, [aria-disabled="true"], [inert]') !== null;

  for (const element of document.querySelectorAll('body *')) {
    if (!visible(element) || inactive(element)) continue;
    if (element.closest('[aria-hidden="true"]') && element.tagName.toLowerCase() !== 'svg') continue;
    const style = getComputedStyle(element);
    const base = { fontSize: parseFloat(style.fontSize), fontWeight: Number(style.fontWeight) || 400 };
    const ownText = [...element.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('');
    const field = element as HTMLInputElement;
    const isField = ['input', 'textarea', 'select'].includes(element.tagName.toLowerCase());
    // A field's boundary is what shows where to type (1.4.11, 3:1): its border against what is
    // behind the field, or its own background when it has no border.
    const textLike =
      isField && !['checkbox', 'radio', 'file', 'range', 'color', 'hidden'].includes(field.type);
    if (textLike && element.parentElement) {
      const bordered = parseFloat(style.borderBottomWidth) > 0 && style.borderBottomStyle !== 'none';
      probes.push({
        what: describe(element, `boundary of ${field.getAttribute('aria-label') ?? field.name ?? 'field'}`),
        color: bordered ? style.borderBottomColor : style.backgroundColor,
        ...base,
        graphic: true,
        chain: chainOf(element.parentElement),
      });
    }
    if (isField && field.type !== 'checkbox' && field.type !== 'radio' && field.type !== 'file') {
      const shown =
        element.tagName === 'SELECT'
          ? ((element as HTMLSelectElement).selectedOptions[0]?.text ?? '')
          : field.value;
      if (shown.trim()) {
        probes.push({
          what: describe(element, shown),
          color: style.color,
          ...base,
          graphic: false,
          chain: chainOf(element),
        });
      } else if (field.placeholder) {
        // The placeholder's own opacity fades it further: fold it into its colour's alpha.
        const placeholder = getComputedStyle(element, '::placeholder');
        const faded = Number(placeholder.opacity);
        probes.push({
          what: describe(element, `placeholder: ${field.placeholder}`),
          color: placeholder.color,
          fade: faded,
          ...base,
          graphic: false,
          chain: chainOf(element),
        });
      }
    } else if (
      ownText.trim() &&
      !['script', 'style', 'option', 'title'].includes(element.tagName.toLowerCase())
    ) {
      probes.push({
        what: describe(element, ownText),
        color: style.color,
        ...base,
        graphic: false,
        chain: chainOf(element),
      });
    } else if (element.tagName.toLowerCase() === 'svg' && element.closest('button, a, [role="button"]')) {
      // An icon that is (part of) a control: its stroke or fill is the control's current colour.
      const svgStyle = getComputedStyle(element);
      probes.push({
        what: describe(
          element.closest('button, a, [role="button"]')!,
          element.closest('[aria-label]')?.getAttribute('aria-label') ?? 'icon',
        ),
        color: svgStyle.color,
        ...base,
        graphic: true,
        chain: chainOf(element),
      });
    }
  }
  return probes;
}

export async function probe(target: Page | Frame): Promise<Probe[]> {
  // Opening animations (a dialog fading in) would be measured half-way: wait for the finite ones.
  await target.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return target.evaluate(probeDocument);
}

/**
 * The colours a layer's background image paints: a gradient's stops (the text must be readable
 * on each), none for no image, or null for a picture, which cannot be measured this way.
 */
function imageColours(image: string): Rgba[] | null {
  if (image === 'none') return [];
  if (!/^(repeating-)?(linear|radial|conic)-gradient\(/.test(image)) return null;
  const stops = image.match(/(rgba?|color)\([^)]*\)|#[0-9a-f]{3,8}\b/gi) ?? [];
  const colours = stops.map(parseColor).filter((c): c is Rgba => c !== null);
  return colours.length ? colours : null;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The text and background colours the eye gets (one pair per gradient stop under the text): each layer's background painted over what is
 * behind it, and each layer's opacity blending its whole subtree with what is behind the layer.
 */
export function paint(probe: Probe): { text: Rgba; background: Rgba }[] | null {
  const parsed = parseColor(probe.color);
  if (!parsed) return null;
  const textColor = { ...parsed, a: parsed.a * (probe.fade ?? 1) };
  const images = probe.chain.map((layer) => imageColours(layer.image));
  if (images.some((colours) => colours === null)) return null;
  // One painting per gradient stop met on the way (the worst one decides).
  const walk = (index: number, backdrop: Rgba): { text: Rgba; background: Rgba }[] => {
    const layer = probe.chain[index];
    const own = parseColor(layer.background) ?? { r: 0, g: 0, b: 0, a: 0 };
    const painted = composite(own, backdrop);
    const insides = images[index]!.length
      ? images[index]!.map((stop) => composite(stop, painted))
      : [painted];
    return insides.flatMap((inside) => {
      const seen =
        index === probe.chain.length - 1
          ? [{ text: composite(textColor, inside), background: inside }]
          : walk(index + 1, inside);
      const blend = (colour: Rgba) => composite({ ...colour, a: layer.opacity }, backdrop);
      return seen.map((s) => ({ text: blend(s.text), background: blend(s.background) }));
    });
  };
  return walk(0, WHITE);
}

const hex = (c: Rgba) => `rgb(${[c.r, c.g, c.b].map((n) => Math.round(n)).join(', ')})`;

/** The probes below AA, and those that could not be measured (a picture under them). */
export function belowAA(probes: Probe[]): { failures: Finding[]; unmeasured: string[] } {
  const failures: Finding[] = [];
  const unmeasured: string[] = [];
  for (const p of probes) {
    const paintings = paint(p);
    if (!paintings) {
      unmeasured.push(p.what);
      continue;
    }
    const ratios = paintings.map((s) => ({ ...s, ratio: contrastRatio(s.text, s.background) }));
    const seen = ratios.reduce((worst, s) => (s.ratio < worst.ratio ? s : worst));
    const ratio = seen.ratio;
    const required = p.graphic ? AA_LARGE : requiredRatio(p.fontSize, p.fontWeight);
    if (ratio < required) {
      failures.push({
        what: p.what,
        ratio: Math.round(ratio * 100) / 100,
        required,
        text: hex(seen.text),
        background: hex(seen.background),
      });
    }
  }
  return { failures, unmeasured };
}
