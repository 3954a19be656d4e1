// The Theme page (spec 3 §2 Theme page, issue 15): the widget's real chat as a live preview, a
// click on a part opens its settings, every text/background pair is checked against WCAG AA as
// the author edits, and Save sends the theme and the avatar in one PUT /api/theme/{botId}.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  chatPlaceholder,
  chatTitle,
  contrastChecks,
  darkTheme,
  deriveTheme,
  fixContrast,
  type ContrastCheck,
  type ThemePart,
  type ThemeSections,
} from '../../core/theme';
import { Alert, Button, IntroHeading, Spinner } from '../../ui';
import { useActiveBot, useBotsStore } from '../bots';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { generatedAvatar } from '../../../widget/chat/generated-avatar';
import { PartPanel } from './PartPanel';
import { PreviewToolbar } from './PreviewToolbar';
import { ThemePreview } from './ThemePreview';
import { THEME_PARTS } from './theme-parts';
import { useThemeDraft, type Language } from './use-theme-draft';
import './theme.css';

export function ThemePage() {
  const bot = useActiveBot();
  const activeBotId = useBotsStore((s) => s.activeBotId);
  const botsLoading = useBotsStore((s) => s.loading);
  const state = useThemeDraft(activeBotId);
  const { draft, edit, languages } = state;
  const [part, setPart] = useState<ThemePart | null>(null);
  const [dark, setDark] = useState(false);
  const [customUI, setCustomUI] = useState(false);
  const [languageId, setLanguageId] = useState<number | null>(null);
  const [avatarPreview, setAvatarPreview] = useState<string | null>(null);

  useEffect(() => {
    if (useBotsStore.getState().bots.length === 0) void useBotsStore.getState().load();
  }, []);
  useUnsavedChangesGuard(state.changed);

  // The avatar waiting to be sent is shown from the file itself.
  useEffect(() => {
    if (!state.avatarFile) return setAvatarPreview(null);
    const url = URL.createObjectURL(state.avatarFile);
    setAvatarPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [state.avatarFile]);

  const language: Language | null =
    languages.find((l) => l.id === languageId) ??
    languages.find((l) => l.id === draft?.language) ??
    languages[0] ??
    null;
  const defaultLanguage = languages.find((l) => l.id === draft?.language) ?? languages[0] ?? null;
  /** Title and placeholder of another language than the default go to the theme's texts. */
  const localCode = language && defaultLanguage && language.id !== defaultLanguage.id ? language.code : null;

  const shown = useMemo(() => (draft ? (dark ? darkTheme(draft) : draft) : null), [draft, dark]);
  const checks = useMemo(() => (shown ? contrastChecks(shown) : []), [shown]);
  const failing = useMemo(() => checks.filter((c) => !c.passes), [checks]);

  // Edits read the latest draft through a ref, so the callbacks keep their identity from one edit
  // to the next and the memoised parts of the preview and the panel are not redrawn for nothing.
  const latest = useRef({ draft, dark });
  latest.current = { draft, dark };
  const onColour = useCallback(
    (section: keyof ThemeSections, key: string, value: string) => {
      const { draft: now, dark: inDark } = latest.current;
      if (!now) return;
      if (!inDark) return edit({ [section]: { [key]: value } });
      // Dark mode edits the dark variant's overrides; the light theme stays as it is.
      const overrides = now.dark ?? {};
      edit({ dark: { ...overrides, [section]: { ...overrides[section], [key]: value } } });
    },
    [edit],
  );
  const onLanguage = useCallback((next: Language) => setLanguageId(next.id), []);
  const onFix = (check: ContrastCheck) => {
    if (!shown) return;
    const patch = fixContrast(shown, check) as Record<string, Record<string, string>>;
    const value = patch[check.text.section][check.text.key];
    onColour(check.text.section, check.text.key, value);
  };
  const onText = (key: 'headerTitle' | 'inputPlaceholderText', value: string) => {
    if (!draft) return;
    if (!localCode)
      return edit(
        key === 'headerTitle'
          ? { header: { headerTitle: value } }
          : { input: { inputPlaceholderText: value } },
      );
    const texts = { ...draft.texts, [localCode]: { ...draft.texts?.[localCode], [key]: value } };
    edit({ texts });
  };
  const [brand, setBrand] = useState('#0e7490');
  const derive = () => {
    if (!draft) return;
    state.replace(deriveTheme(draft, brand));
  };

  if (activeBotId === null) {
    return (
      <div className="page">
        <IntroHeading title="Theme" />
        {botsLoading ? (
          <Spinner />
        ) : (
          <p className="empty-text">Create a bot first: its chat is what this page styles.</p>
        )}
      </div>
    );
  }
  if (!draft || !shown) {
    return (
      <div className="page">
        <IntroHeading title="Theme" />
        <Spinner />
      </div>
    );
  }

  const savedAvatar =
    draft.body.customAvatar || draft.body.botAvatar || bot?.customAvatar || bot?.avatar || '';
  // As the widget does: no picture at all is the generated one (initials on a colour).
  const avatar = avatarPreview ?? (savedAvatar || generatedAvatar(bot?.name || draft.header.headerTitle));
  const texts = {
    headerTitle: localCode ? (draft.texts?.[localCode]?.headerTitle ?? '') : draft.header.headerTitle,
    inputPlaceholderText: localCode
      ? (draft.texts?.[localCode]?.inputPlaceholderText ?? '')
      : draft.input.inputPlaceholderText,
  };
  const rtl = draft.body.rtl || Boolean(language?.is_rtl);

  return (
    <div className="page theme-page">
      <div className="theme-head">
        <IntroHeading
          title="Theme"
          subtitle={bot ? `The chat of ${bot.name}, as guests see it` : undefined}
        />
        <div className="theme-actions">
          {state.problem && state.changed && <p className="field-error">{state.problem}</p>}
          {state.result && <Alert kind={state.result.kind}>{state.result.message}</Alert>}
          <Button variant="ghost" onClick={state.reset}>
            Reset to defaults
          </Button>
          <Button
            onClick={() => void state.save()}
            loading={state.saving}
            disabled={!state.changed || state.problem !== null}
          >
            Save
          </Button>
        </div>
      </div>
      <PreviewToolbar
        customUI={customUI}
        dark={dark}
        rtl={draft.body.rtl}
        languages={languages}
        language={language}
        brand={brand}
        failing={failing.length}
        onCustomUI={setCustomUI}
        onDark={setDark}
        onRtl={(on) => edit({ body: { rtl: on } })}
        onLanguage={onLanguage}
        onBrand={setBrand}
        onDerive={derive}
      />
      {state.loadError && <Alert kind="warning">{state.loadError}</Alert>}
      <div className="theme-layout">
        <div className="theme-stage">
          <nav className="theme-parts" aria-label="Parts of the chat">
            {THEME_PARTS.map((info) => (
              <button
                key={info.part}
                type="button"
                className="theme-part-chip"
                aria-pressed={part === info.part}
                onClick={() => setPart(info.part)}
              >
                {info.label}
                {failing.some((c) => c.part === info.part) && <span aria-label="low contrast"> ⚠</span>}
              </button>
            ))}
          </nav>
          <ThemePreview
            theme={draft}
            dark={dark}
            customUI={customUI}
            rtl={rtl}
            title={chatTitle(draft, bot?.name, localCode)}
            placeholder={chatPlaceholder(draft, localCode)}
            avatar={avatar}
            language={language}
            languages={languages}
            selected={part}
            failing={failing}
            onSelect={setPart}
            onLanguage={onLanguage}
          />
        </div>
        <PartPanel
          part={part}
          shown={shown}
          flags={draft}
          texts={texts}
          textsHint={
            localCode
              ? `In ${language?.name}; empty: "${chatTitle(draft, bot?.name)}" and "${draft.input.inputPlaceholderText}"`
              : null
          }
          avatar={avatarPreview ?? savedAvatar}
          checks={checks.filter((c) => c.part === part)}
          dark={dark}
          onColour={onColour}
          onText={onText}
          onNumber={(section, key, value) => edit({ [section]: { [key]: value ?? Number.NaN } })}
          onToggle={(section, key, value) => edit({ [section]: { [key]: value } })}
          onFlags={edit}
          onAvatarFile={state.setAvatarFile}
          onAvatarRemove={() => {
            state.setAvatarFile(null);
            edit({ body: { botAvatar: '', customAvatar: null } });
          }}
          onFix={onFix}
        />
      </div>
    </div>
  );
}
