// How a channel offers choices (issue 16 item 4): as buttons when they fit, else as a list, else
// as numbered text the guest answers with a number. Whatever the form, a button or a number names
// the choice by its position or id (a `pick`), and the server turns it back into the choice's
// label before the flow reads it, so a pressed button, a typed label and a typed number all select
// a choice as they do on the web.
import type { ChoiceButton } from '../widget/replies';
import type { ChannelCapabilities } from './capabilities';

export type ChoiceLayout = 'buttons' | 'list' | 'numbered';

const chars = (text: string) => [...text].length;

export function choiceLayout(caps: ChannelCapabilities, labels: readonly string[]): ChoiceLayout {
  const fits = (max: number, titleMax: number | null) =>
    labels.length <= max && (titleMax === null || labels.every((l) => chars(l) <= titleMax));
  if (fits(caps.buttons.max, caps.buttons.titleMax)) return 'buttons';
  if (caps.list && fits(caps.list.maxRows, caps.list.titleMax)) return 'list';
  return 'numbered';
}

/** "1. Tea\n2. Coffee\n\nReply 1–2." */
export function numberedChoices(labels: readonly string[]): string {
  const lines = labels.map((label, i) => `${i + 1}. ${label}`);
  return `${lines.join('\n')}\n\nReply 1–${labels.length}.`;
}

/** A choice as the channel carries it back: by its id when that fits in `maxBytes`, else by position. */
export function pickData(button: ChoiceButton, index: number, maxBytes: number): string {
  const byId = `c:${button.id}`;
  return new TextEncoder().encode(byId).length <= maxBytes ? byId : `n:${index + 1}`;
}

export type Pick = { id: string } | { number: number };

/** The pick a button carried (pickData), or null for anything else. */
export function parsePick(data: string): Pick | null {
  if (data.startsWith('c:') && data.length > 2) return { id: data.slice(2) };
  const n = /^n:(\d{1,3})$/.exec(data);
  return n ? { number: Number(n[1]) } : null;
}

/** A typed answer that is only a number ("2", " 2. ") picks by position. */
export function typedNumber(text: string): number | null {
  const match = /^\s*(\d{1,3})\s*[.)]?\s*$/.exec(text);
  return match ? Number(match[1]) : null;
}

/** The choice a pick names among the offered ones (by id, or 1-based position), or null. */
export function choiceOfPick(pick: Pick, offered: readonly ChoiceButton[]): ChoiceButton | null {
  if ('id' in pick) return offered.find((b) => String(b.id) === pick.id) ?? null;
  return offered[pick.number - 1] ?? null;
}
