// What each chat channel can show (issue 16 item 4). The renderers (telegram.ts, whatsapp.ts)
// read these numbers rather than their own constants, and the emulator's channel switch shows the
// same degradation from them. The limits are the APIs' documented ones: Telegram Bot API
// (sendMessage text 1–4096, captions 0–1024, inline keyboards, sendMediaGroup 2–10 items,
// request_location keyboards) and the WhatsApp Cloud API (text body 4096, interactive body 1024,
// 1–3 reply buttons with titles ≤ 20, list messages with ≤ 10 rows of titles ≤ 24 and a button ≤ 20,
// location request messages).

export type ChannelName = 'web' | 'telegram' | 'whatsapp';

export interface ChannelCapabilities {
  name: ChannelName;
  /** The longest text message; longer texts are split on word boundaries. */
  maxText: number;
  maxCaption: number;
  /** Buttons under a message: how many, and how long a title may be (null: no limit). */
  buttons: { max: number; titleMax: number | null };
  /** A pick-from-a-list message, when buttons are too few or too short (null: none). */
  list: { maxRows: number; titleMax: number; buttonMax: number; bodyMax: number } | null;
  /** Images sent together as one album (null: one by one). */
  album: { min: number; max: number } | null;
  /** A carousel shown as a carousel (only the widget). */
  carousel: boolean;
  /** The channel can ask for the guest's location with a button. */
  locationRequest: boolean;
  /** The bot can delete the guest's message (a password typed in the chat). */
  deletesGuestMessages: boolean;
  formatting: 'html' | 'telegram-html' | 'whatsapp';
}

export const WEB: ChannelCapabilities = {
  name: 'web',
  maxText: Number.POSITIVE_INFINITY,
  maxCaption: Number.POSITIVE_INFINITY,
  buttons: { max: Number.POSITIVE_INFINITY, titleMax: null },
  list: null,
  album: null,
  carousel: true,
  locationRequest: true,
  deletesGuestMessages: false,
  formatting: 'html',
};

export const TELEGRAM: ChannelCapabilities = {
  name: 'telegram',
  maxText: 4096,
  maxCaption: 1024,
  // An inline keyboard holds up to 100 buttons; Telegram trims long texts on screen itself.
  buttons: { max: 100, titleMax: null },
  list: null,
  album: { min: 2, max: 10 },
  carousel: false,
  locationRequest: true,
  deletesGuestMessages: true,
  formatting: 'telegram-html',
};

export const WHATSAPP: ChannelCapabilities = {
  name: 'whatsapp',
  maxText: 4096,
  maxCaption: 1024,
  buttons: { max: 3, titleMax: 20 },
  list: { maxRows: 10, titleMax: 24, buttonMax: 20, bodyMax: 1024 },
  album: null,
  carousel: false,
  locationRequest: true,
  deletesGuestMessages: false,
  formatting: 'whatsapp',
};

export const CAPABILITIES: Readonly<Record<ChannelName, ChannelCapabilities>> = {
  web: WEB,
  telegram: TELEGRAM,
  whatsapp: WHATSAPP,
};
