// The theme page's calls (spec 3 §7 Theme and preview): GET /api/theme?bot_id= and
// PUT /api/theme/{botId} with the theme as JSON text and the optional avatar file.
import { api, toFormData } from '../../api/client';
import type { ThemeAnswer, ThemeSavedAnswer } from '../../core/api/bots';
import type { Answer } from '../../core/api/common';

export async function fetchTheme(botId: number): Promise<Answer<ThemeAnswer>> {
  return api<Answer<ThemeAnswer>>(`/api/theme?bot_id=${botId}`);
}

export async function saveTheme(
  botId: number,
  theme: object,
  avatar: File | null,
): Promise<Answer<ThemeSavedAnswer>> {
  const body = toFormData({ theme: JSON.stringify(theme), avatar: avatar ?? undefined });
  return api<Answer<ThemeSavedAnswer>>(`/api/theme/${botId}`, { method: 'PUT', body });
}
