// The theme page's calls (spec 3 §7 Theme and preview), typed by the contract in
// src/core/api/bots.ts: GET /api/theme?bot_id= and PUT /api/theme/{botId} with the theme as JSON
// text and the optional avatar file.
import { defineCall } from '../../api/define-call';
import { themePath, themeSaveRequest, themeSavedAnswer } from '../../core/api/bots';

export { fetchTheme } from '../../api/theme';

const calls = {
  save: defineCall('PUT', '/api/theme/:botId', {
    params: themePath,
    request: themeSaveRequest,
    response: themeSavedAnswer,
  }),
};

export function saveTheme(botId: number, theme: object, avatar: File | null) {
  return calls.save({
    params: { botId },
    body: { theme: JSON.stringify(theme), avatar: avatar ?? undefined },
  });
}
