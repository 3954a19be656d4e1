// The live preview: the widget's own ChatView (widget/chat) with the demo conversation, coloured
// through the same CSS custom properties as the widget, so what the author sees is what guests
// get. A click on a part selects it (the chat's own buttons do nothing here); failing contrast
// checks put a badge on their part.
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { ContrastCheck, Theme, ThemePart } from '../../core/theme';
import { Spinner } from '../../ui';
import { DEMO_CHOSEN, DEMO_MESSAGES } from './demo-conversation';
import { PART_BY_NAME, partAt } from './theme-parts';
import { ratioText } from './PartPanel';
import type { Language } from './use-theme-draft';

// The chat's code and styles load with the theme page only, as the emulator does on /flow.
const ChatView = lazy(() =>
  import('../../../widget/chat/index').then((module) => ({ default: module.ChatView })),
);

export interface ThemePreviewProps {
  theme: Theme;
  dark: boolean;
  customUI: boolean;
  rtl: boolean;
  title: string;
  placeholder: string;
  avatar: string;
  language: Language | null;
  languages: Language[];
  selected: ThemePart | null;
  failing: ContrastCheck[];
  onSelect(part: ThemePart): void;
  onLanguage(language: Language): void;
}

const none = () => undefined;

interface Badge {
  part: ThemePart;
  top: number;
  left: number;
  text: string;
}

/** Where each failing part's badge goes: the top end corner of the part's first element. */
function placeBadges(root: HTMLElement, failing: ContrastCheck[], rtl: boolean): Badge[] {
  const box = root.getBoundingClientRect();
  const worst = new Map<ThemePart, ContrastCheck>();
  for (const check of failing) {
    const known = worst.get(check.part);
    if (!known || check.ratio < known.ratio) worst.set(check.part, check);
  }
  return [...worst.values()].flatMap((check) => {
    const element = root.querySelector(PART_BY_NAME.get(check.part)!.selector);
    if (!element) return [];
    const rect = element.getBoundingClientRect();
    return [
      {
        part: check.part,
        top: rect.top - box.top - 8,
        left: (rtl ? rect.left : rect.right) - box.left - (rtl ? 8 : 56),
        text: ratioText(check.ratio),
      },
    ];
  });
}

export function ThemePreview(props: ThemePreviewProps) {
  const root = useRef<HTMLDivElement>(null);
  const [badges, setBadges] = useState<Badge[]>([]);
  const { failing, rtl } = props;

  const [tick, setTick] = useState(0);
  const { theme, dark, customUI, title } = props;

  // Positions are read after the preview laid this theme out; a theme with no failing pair reads
  // nothing. Until the lazily loaded chat is there, look again shortly.
  useLayoutEffect(() => {
    const element = root.current;
    if (failing.length && !element?.querySelector('.chat')) {
      const retry = setTimeout(() => setTick((n) => n + 1), 50);
      return () => clearTimeout(retry);
    }
    const next = element && failing.length ? placeBadges(element, failing, rtl) : [];
    setBadges((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
  }, [failing, rtl, theme, dark, customUI, title, tick]);

  const { placeholder } = props;
  const composer = useMemo(
    () => ({
      mode: 'text' as const,
      placeholder,
      disabled: false,
      upload: null,
      micAvailable: true,
      listening: false,
      onSend: none,
      onFile: none,
      onMic: none,
      onEndCall: none,
    }),
    [placeholder],
  );

  const onClick = (event: MouseEvent) => {
    const part = partAt(event.target as Element);
    // The chat's buttons and links are the widget's: in the preview a click only selects.
    event.preventDefault();
    event.stopPropagation();
    if (part) props.onSelect(part);
  };

  return (
    <div
      ref={root}
      className="theme-preview"
      data-part={props.selected ?? undefined}
      onClickCapture={onClick}
      aria-label="Chat preview"
      role="region"
    >
      <Suspense fallback={<Spinner />}>
        <ChatView
          theme={props.theme}
          dark={props.dark}
          rtl={rtl}
          customUI={props.customUI}
          editMode={false}
          title={props.title}
          avatar={props.avatar}
          language={props.language}
          languages={props.languages}
          speaker={null}
          messages={DEMO_MESSAGES}
          typing={false}
          chosen={DEMO_CHOSEN}
          composer={composer}
          onLanguage={props.onLanguage}
          onSpeaker={none}
          onRestart={none}
          onDark={none}
          onChoose={none}
          onAction={none}
        />
      </Suspense>
      {badges.map((badge) => (
        <span
          key={badge.part}
          className="theme-badge"
          data-part={badge.part}
          style={{ top: badge.top, left: badge.left }}
          role="img"
          aria-label={`Low contrast in ${PART_BY_NAME.get(badge.part)!.label}: ${badge.text}`}
        >
          ⚠ {badge.text}
        </span>
      ))}
    </div>
  );
}
