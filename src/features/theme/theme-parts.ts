// The parts of the chat an author can click in the preview, and what each one edits (spec 3 §2
// settable parts, every field of §3 Theme). The page draws the side panel from this table.
import type { ThemePart } from '../../core/theme';
import type { ThemeSections } from '../../core/theme';

type SectionKey<S extends keyof ThemeSections> = keyof ThemeSections[S] & string;

export type PartField =
  | { kind: 'colour'; section: keyof ThemeSections; key: string; label: string }
  | {
      kind: 'text' | 'textarea';
      section: 'header' | 'input';
      key: 'headerTitle' | 'inputPlaceholderText';
      label: string;
      max: number;
    }
  | { kind: 'number'; section: 'header' | 'body'; key: 'headerTitleFontSize' | 'chatFontSize'; label: string }
  | { kind: 'toggle'; section: 'header' | 'body'; key: 'isAvatar' | 'rtl'; label: string }
  | { kind: 'avatar'; label: string }
  | { kind: 'speech'; label: string };

const colour = <S extends keyof ThemeSections>(section: S, key: SectionKey<S>, label: string): PartField => ({
  kind: 'colour',
  section,
  key,
  label,
});

export interface PartInfo {
  part: ThemePart;
  label: string;
  /** What the part's selector matches in the chat (widget/chat/chat.css class names). */
  selector: string;
  fields: PartField[];
}

/** In the order a click is resolved: the most specific part first. */
export const THEME_PARTS: PartInfo[] = [
  {
    part: 'selected',
    label: 'Selected choice',
    selector: '.choice.selected',
    fields: [
      colour('choice', 'choiceSelectedBackground', 'Selected choice background'),
      colour('choice', 'choiceSelectedColor', 'Selected choice text'),
    ],
  },
  {
    part: 'choices',
    label: 'Choices',
    selector: '.choice, .bubble.choices',
    fields: [
      colour('choice', 'choiceBackground', 'Choice background'),
      colour('choice', 'choiceColor', 'Choice text and border'),
    ],
  },
  {
    part: 'date',
    label: 'Date',
    selector: '.day, .date',
    fields: [colour('body', 'dateColor', 'Date colour')],
  },
  {
    part: 'user',
    label: 'User message',
    selector: '.row.user .bubble',
    fields: [
      colour('user', 'userBackground', 'User message background'),
      colour('user', 'userColor', 'User message text'),
    ],
  },
  {
    part: 'bot',
    label: 'Bot message',
    selector: '.row.bot .bubble, .row.bot .avatar',
    fields: [
      colour('bot', 'botBackground', 'Bot message background'),
      colour('bot', 'botColor', 'Bot message text'),
      { kind: 'avatar', label: 'Bot avatar' },
    ],
  },
  {
    part: 'header',
    label: 'Header',
    selector: '.header',
    fields: [
      { kind: 'text', section: 'header', key: 'headerTitle', label: 'Bot title', max: 100 },
      { kind: 'number', section: 'header', key: 'headerTitleFontSize', label: 'Title font size' },
      colour('header', 'headerBackground', 'Header background'),
      colour('header', 'headerColor', 'Header text'),
      {
        kind: 'toggle',
        section: 'header',
        key: 'isAvatar',
        label: 'Show avatar (also on the closed emulator)',
      },
      { kind: 'avatar', label: 'Bot avatar' },
    ],
  },
  {
    part: 'input',
    label: 'Input bar',
    selector: '.composer',
    fields: [
      {
        kind: 'textarea',
        section: 'input',
        key: 'inputPlaceholderText',
        label: 'Input placeholder text',
        max: 200,
      },
      colour('input', 'inputTextColor', 'Input text'),
      colour('input', 'inputBackground', 'Input background'),
      colour('input', 'inputBorderColor', 'Borders'),
      colour('input', 'inputBarBackground', 'Icon bar background'),
      colour('input', 'inputIconsColor', 'Icons'),
      { kind: 'speech', label: 'Voice' },
    ],
  },
  {
    part: 'chat',
    label: 'Chat background',
    selector: '.messages',
    fields: [
      colour('body', 'chatBackground', 'Chat background'),
      { kind: 'number', section: 'body', key: 'chatFontSize', label: 'Conversation font size' },
      { kind: 'toggle', section: 'body', key: 'rtl', label: 'Right to left' },
    ],
  },
];

export const PART_BY_NAME = new Map(THEME_PARTS.map((info) => [info.part, info]));

/** The part a click landed on, from the clicked element up. */
export function partAt(target: Element): ThemePart | null {
  for (const info of THEME_PARTS) if (target.closest(info.selector)) return info.part;
  return null;
}
