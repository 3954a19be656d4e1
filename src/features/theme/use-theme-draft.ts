// The theme being edited: what the server has (saved), what the author sees (draft), and the
// avatar file waiting to be sent. Every edit is a ThemePatch applied by the pure mergeTheme, so
// the preview re-renders from the draft alone, without a request.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ThemeAnswer } from '../../core/api/bots';
import { checkThemePatch, defaultTheme, mergeTheme, type BotTheme, type ThemePatch } from '../../core/theme';
import { fetchTheme, saveTheme } from './theme-api';

export type SpeechFlags = Pick<BotTheme, 'use_stt' | 'use_tts' | 'use_ext_stt' | 'use_ext_tts'>;
export type Language = ThemeAnswer['supported_languages'][number];

export interface SaveResult {
  kind: 'success' | 'error';
  message: string;
}

interface Loaded {
  botId: number;
  saved: BotTheme;
  draft: BotTheme;
  languages: Language[];
}

const withFlags = (theme: BotTheme, next: ReturnType<typeof mergeTheme>): BotTheme => ({
  ...next,
  language: theme.language,
  use_stt: theme.use_stt,
  use_tts: theme.use_tts,
  use_ext_stt: theme.use_ext_stt,
  use_ext_tts: theme.use_ext_tts,
});

/** The default theme for the reset action: the bot's own settings (language, voice) are kept. */
function resetOf(theme: BotTheme): BotTheme {
  return withFlags(theme, defaultTheme());
}

export function useThemeDraft(botId: number | null) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);

  useEffect(() => {
    if (botId === null) return;
    let current = true;
    setLoadError(null);
    fetchTheme(botId)
      .then((answer) => {
        if (!current) return;
        if (!answer.success) throw new Error(answer.message || 'Unable to load the theme');
        const theme = answer.theme as BotTheme;
        setLoaded({ botId, saved: theme, draft: theme, languages: answer.supported_languages });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // Spec 3 §7: a failed theme load falls back to the default theme.
        console.error(error);
        const fallback = {
          ...defaultTheme(),
          language: 0,
          use_stt: false,
          use_tts: false,
          use_ext_stt: false,
          use_ext_tts: false,
        };
        setLoaded({ botId, saved: fallback, draft: fallback, languages: [] });
        setLoadError('The theme could not be loaded: the default theme is shown.');
      });
    setAvatarFile(null);
    setResult(null);
    return () => {
      current = false;
    };
  }, [botId]);

  const current = loaded && loaded.botId === botId ? loaded : null;

  const edit = useCallback((patch: ThemePatch & Partial<SpeechFlags>) => {
    setResult(null);
    setLoaded((state) => {
      if (!state) return state;
      const { use_stt, use_tts, use_ext_stt, use_ext_tts, ...sections } = patch;
      const flags = Object.fromEntries(
        Object.entries({ use_stt, use_tts, use_ext_stt, use_ext_tts }).filter(([, v]) => v !== undefined),
      );
      return { ...state, draft: { ...withFlags(state.draft, mergeTheme(state.draft, sections)), ...flags } };
    });
  }, []);

  const replace = useCallback((next: BotTheme) => {
    setResult(null);
    setLoaded((state) => (state ? { ...state, draft: next } : state));
  }, []);

  const reset = useCallback(() => {
    setAvatarFile(null);
    setResult(null);
    setLoaded((state) => (state ? { ...state, draft: resetOf(state.draft) } : state));
  }, []);

  const changed = useMemo(
    () => Boolean(current && (avatarFile || JSON.stringify(current.draft) !== JSON.stringify(current.saved))),
    [current, avatarFile],
  );
  const problem = useMemo(() => {
    if (!current) return null;
    const check = checkThemePatch(current.draft);
    return check.valid ? null : check.errors[0].message;
  }, [current]);

  const save = useCallback(async () => {
    if (!current || saving) return;
    setSaving(true);
    setResult(null);
    try {
      const answer = await saveTheme(current.botId, current.draft, avatarFile);
      if (!answer.success) {
        setResult({ kind: 'error', message: answer.message || 'Unable to save the theme' });
        return;
      }
      const saved = answer.theme as BotTheme;
      setLoaded((state) => (state ? { ...state, saved, draft: saved } : state));
      setAvatarFile(null);
      setResult({ kind: 'success', message: answer.message ?? 'Theme saved' });
    } catch (error) {
      console.error(error);
      setResult({ kind: 'error', message: 'Unable to save the theme' });
    } finally {
      setSaving(false);
    }
  }, [current, avatarFile, saving]);

  return {
    draft: current?.draft ?? null,
    languages: current?.languages ?? [],
    loadError,
    avatarFile,
    setAvatarFile: (file: File | null) => (setResult(null), setAvatarFile(file)),
    edit,
    replace,
    reset,
    changed,
    problem,
    save,
    saving,
    result,
  };
}

export type ThemeDraft = ReturnType<typeof useThemeDraft>;
