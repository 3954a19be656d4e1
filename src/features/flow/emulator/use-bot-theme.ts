import { useEffect, useState } from 'react';
import { fetchTheme } from '../../../api/theme';
import { defaultTheme, type Theme } from '../../../core/theme';

/**
 * The active bot's theme (GET /api/theme), for what the closed emulator shows; null while it
 * loads. A theme that fails to load is the default theme (spec 3 §7). `version` (the bot's
 * updated_at) reloads it after the bot is saved.
 */
export function useBotTheme(botId: number | null, version: number | undefined): Theme | null {
  const [loaded, setLoaded] = useState<{ key: string; theme: Theme } | null>(null);
  const key = `${botId}:${version ?? ''}`;
  useEffect(() => {
    if (botId === null) return;
    let current = true;
    fetchTheme(botId)
      .then((result): Theme => (result.success ? result.theme : defaultTheme()))
      .catch(() => defaultTheme())
      .then((theme) => current && setLoaded({ key, theme }));
    return () => {
      current = false;
    };
  }, [botId, key]);
  return loaded?.key === key ? loaded.theme : null;
}
