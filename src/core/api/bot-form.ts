// The bot's form encoding (spec 1 §7): every value arrives as text. Lists are comma-joined,
// objects are JSON text, booleans 'true'/'false' (or '1'/'0'), numbers plain text. The decoders
// below only undo that encoding: a value they cannot decode is passed on as it is, so checkBot
// words the problem ("use_tts must be a boolean") the same way the dialog does.
import { z } from 'zod';
import { missingAsEmpty } from './fields';
import type { BotFields } from '../bot/types';

type Decoder = (text: string) => unknown;

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

const asText: Decoder = (text) => text;
const asNumber: Decoder = (text) => (NUMBER.test(text) ? Number(text) : text);
const asBoolean: Decoder = (text) => {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return text;
};
const asList: Decoder = (text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
const asNumberList: Decoder = (text) => (asList(text) as string[]).map(asNumber);
const asJson: Decoder = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
/** FormData turns null into 'null'; an empty value means none as well. */
const asNullableText: Decoder = (text) => (text === 'null' || text === '' ? null : text);

const DECODERS: Record<keyof BotFields, Decoder> = {
  name: asText,
  description: asText,
  language: asNumber,
  supported_languages: asNumberList,
  origins: asList,
  allow_subpaths: asBoolean,
  avatar: asText,
  customAvatar: asNullableText,
  is_avatar: asBoolean,
  auto_translate: asBoolean,
  use_tts: asBoolean,
  use_ext_tts: asBoolean,
  use_stt: asBoolean,
  use_ext_stt: asBoolean,
  tts_gender: asNumber,
  whatsapp_phone_id: asText,
  whatsapp_token: asText,
  telegram_token: asText,
  notification_scheduler: asJson,
};

export const BOT_FIELD_NAMES = Object.keys(DECODERS) as (keyof BotFields)[];

/** Text is decoded; anything else (a JSON body's real arrays, say) is left for checkBot to judge. */
const decoded = (decode: Decoder) =>
  z
    .unknown()
    .transform((value) => (typeof value === 'string' ? decode(value) : value))
    .optional();

const botFieldsShape = Object.fromEntries(
  BOT_FIELD_NAMES.map((name) => [name, decoded(DECODERS[name])]),
) as Record<keyof BotFields, ReturnType<typeof decoded>>;

/** The bot fields of a form, decoded, plus the given extra fields. */
export function botForm<Extra extends z.ZodRawShape>(extra: Extra) {
  return missingAsEmpty(z.object({ ...botFieldsShape, ...extra }));
}

/** The bot fields the client actually sent (absent ones are left out, not undefined). */
export function sentBotFields(body: Partial<Record<keyof BotFields, unknown>>): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const name of BOT_FIELD_NAMES) if (body[name] !== undefined) sent[name] = body[name];
  return sent;
}
