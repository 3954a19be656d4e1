// The theme page's calls (spec 3 §7 Theme and preview): GET /api/theme?bot_id= and
// PUT /api/theme/{botId} with the theme as JSON text and the optional avatar file.
import { defineCall } from '../../api/define-call';
import { themeAnswer, themeSaveRequest, themeSavedAnswer } from '../../core/api/bots';

export const themeApi = {
  read: defineCall('GET', '/api/theme', { response: themeAnswer }),
  save: defineCall('PUT', '/api/theme/:botId', { request: themeSaveRequest, response: themeSavedAnswer }),
};
