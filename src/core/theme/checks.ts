// Readable by construction: every text/background pair the theme defines, checked against
// WCAG 2.1 AA as the author edits (the theme page's warnings) and fixable in one step.
import { AA_LARGE, AA_TEXT, contrastRatio, parseColor } from './contrast';
import { nearestReadableOnAll, mixColours } from './nearest';
import type { Theme, ThemePatch, ThemeSections } from './types';

/** The parts of the chat an author clicks in the preview (spec 3 §2 settable parts). */
export type ThemePart = 'header' | 'chat' | 'date' | 'user' | 'bot' | 'choices' | 'selected' | 'input';

/** A colour field: its section and key. */
export interface ColourField {
  section: keyof ThemeSections;
  key: string;
}

export interface ContrastCheck {
  /** Stable id, e.g. 'header-title'. */
  id: string;
  part: ThemePart;
  /** What is read on what, in the author's words. */
  label: string;
  /** The text colour the fix moves. */
  text: ColourField;
  /** The backgrounds it is read on. */
  backgrounds: ColourField[];
  ratio: number;
  required: number;
  passes: boolean;
}

const field = (section: keyof ThemeSections, key: string): ColourField => ({ section, key });
const valueOf = (theme: ThemeSections, f: ColourField): string =>
  (theme[f.section] as unknown as Record<string, string>)[f.key];

interface PairRule {
  id: string;
  part: ThemePart;
  label: string;
  text: ColourField;
  backgrounds: ColourField[];
  /** The title is large text (≥ 24 px, or ≥ 18.66 px bold): 3:1 is enough for it. */
  large?: (theme: ThemeSections) => boolean;
}

const PAIRS: PairRule[] = [
  {
    id: 'header-title',
    part: 'header',
    label: 'Title on header',
    text: field('header', 'headerColor'),
    backgrounds: [field('header', 'headerBackground')],
    // The title is drawn at weight 600, so only 24 px and up counts as large.
    large: (theme) => theme.header.headerTitleFontSize >= 24,
  },
  {
    id: 'date',
    part: 'date',
    label: 'Date on chat background and in bot messages',
    text: field('body', 'dateColor'),
    backgrounds: [field('body', 'chatBackground'), field('bot', 'botBackground')],
  },
  {
    id: 'bot-text',
    part: 'bot',
    label: 'Bot text on bot message',
    text: field('bot', 'botColor'),
    backgrounds: [field('bot', 'botBackground')],
  },
  {
    id: 'user-text',
    part: 'user',
    label: 'User text on user message',
    text: field('user', 'userColor'),
    backgrounds: [field('user', 'userBackground')],
  },
  {
    id: 'choice-text',
    part: 'choices',
    label: 'Choice text on choice',
    text: field('choice', 'choiceColor'),
    // A choice button sits on the chat background with its own background: both must hold.
    backgrounds: [field('choice', 'choiceBackground')],
  },
  {
    id: 'selected-text',
    part: 'selected',
    label: 'Selected choice text on selected choice',
    text: field('choice', 'choiceSelectedColor'),
    backgrounds: [field('choice', 'choiceSelectedBackground')],
  },
  {
    id: 'input-text',
    part: 'input',
    label: 'Input text on input',
    text: field('input', 'inputTextColor'),
    backgrounds: [field('input', 'inputBackground')],
  },
  {
    id: 'icons',
    part: 'input',
    label: 'Icons on icon bar',
    text: field('input', 'inputIconsColor'),
    // The icons also write the file picker's label on the input background.
    backgrounds: [field('input', 'inputBarBackground'), field('input', 'inputBackground')],
  },
];

/**
 * The placeholder's colour as the widget paints it (chat.css: the input colour mixed 65 % with
 * the input background), so the check measures what guests see.
 */
export function placeholderColour(theme: ThemeSections): string {
  return mixColours(theme.input.inputBackground, theme.input.inputTextColor, 0.65);
}

function measure(theme: ThemeSections, rule: PairRule): ContrastCheck {
  const required = rule.large?.(theme) ? AA_LARGE : AA_TEXT;
  const text = valueOf(theme, rule.text);
  const ratios = rule.backgrounds.map((bg) => {
    const background = valueOf(theme, bg);
    return parseColor(text) && parseColor(background) ? contrastRatio(text, background) : 1;
  });
  const ratio = Math.min(...ratios);
  return { ...rule, ratio, required, passes: ratio >= required };
}

/** Every pair of the theme, measured (placeholder included). */
export function contrastChecks(theme: ThemeSections): ContrastCheck[] {
  const checks = PAIRS.map((rule) => measure(theme, rule));
  const placeholderRatio = contrastRatio(placeholderColour(theme), theme.input.inputBackground);
  checks.splice(
    checks.findIndex((c) => c.id === 'icons'),
    0,
    {
      id: 'placeholder',
      part: 'input',
      label: 'Placeholder on input',
      // The placeholder follows the input text colour: fixing it moves that colour.
      text: field('input', 'inputTextColor'),
      backgrounds: [field('input', 'inputBackground')],
      ratio: placeholderRatio,
      required: AA_TEXT,
      passes: placeholderRatio >= AA_TEXT,
    },
  );
  return checks;
}

/** The edit that makes one check pass: its text colour moved to the nearest passing colour. */
export function fixContrast(theme: ThemeSections, check: ContrastCheck): ThemePatch {
  const backgrounds = check.backgrounds.map((bg) => valueOf(theme, bg));
  let colour = nearestReadableOnAll(valueOf(theme, check.text), backgrounds, check.required);
  if (check.id === 'placeholder') {
    // Darken (or lighten) the text until the softened placeholder passes too.
    for (let i = 0; i < 40; i++) {
      const trial = { ...theme, input: { ...theme.input, inputTextColor: colour } };
      if (contrastRatio(placeholderColour(trial), theme.input.inputBackground) >= AA_TEXT) break;
      colour = nearestReadableOnAll(colour, backgrounds, AA_TEXT + 0.25 * (i + 1));
    }
  }
  return { [check.text.section]: { [check.text.key]: colour } } as ThemePatch;
}

/** The theme with every failing check fixed. */
export function fixAllContrast<T extends ThemeSections>(theme: T): T {
  let fixed: ThemeSections = theme;
  for (const check of contrastChecks(theme)) {
    const now = contrastChecks(fixed).find((c) => c.id === check.id);
    if (!now || now.passes) continue;
    const patch = fixContrast(fixed, now) as Record<string, Record<string, string>>;
    const section = now.text.section;
    fixed = { ...fixed, [section]: { ...fixed[section], ...patch[section] } };
  }
  return { ...theme, ...fixed };
}

/** Convenience for the page: checks of a full theme grouped by part. */
export function checksByPart(theme: Theme): Map<ThemePart, ContrastCheck[]> {
  const byPart = new Map<ThemePart, ContrastCheck[]>();
  for (const check of contrastChecks(theme))
    byPart.set(check.part, [...(byPart.get(check.part) ?? []), check]);
  return byPart;
}
