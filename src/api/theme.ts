// GET /api/theme?bot_id=: a bot's theme, read by the theme page and by the flow editor's emulator.
import { themeAnswer, themeQuery } from '../core/api/bots';
import { defineCall } from './define-call';

const read = defineCall('GET', '/api/theme', { query: themeQuery, response: themeAnswer });

export function fetchTheme(botId: number) {
  return read({ query: { bot_id: botId } });
}
