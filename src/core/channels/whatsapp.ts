// The runtime's replies as WhatsApp Cloud API messages (the bodies of POST
// /{phone_number_id}/messages), pure: the server sends each one as a job, in order. Texts become
// WhatsApp markdown (format.ts), split at 4096 characters; choices become reply buttons (≤ 3,
// titles ≤ 20), else a list message (≤ 10 rows, titles ≤ 24), else numbered text ("Reply 1–N");
// images and carousels become image messages one by one (captions ≤ 1024), files documents or
// images, video links a text with its link previewed, a location request an interactive
// location_request_message, and a password input a note (WhatsApp cannot delete the guest's message).
import type { ChatReply } from '../widget/replies';
import { WHATSAPP } from './capabilities';
import { choiceLayout, numberedChoices, pickData } from './choices';
import { plainText, splitText, toWhatsAppText } from './format';
import { planReplies, type ChannelPart } from './plan';
import { CHOOSE_ONE, LIST_BUTTON, LOCATION_PROMPT, PASSWORD_NOTE_WHATSAPP } from './texts';

export type WhatsAppMessage = Record<string, unknown>;

export interface WhatsAppRender {
  messages: WhatsAppMessage[];
  followUp: string | null;
}

const REPLY_ID_MAX = 256;
const ROW_ID_MAX = 200;

function partMessages(part: ChannelPart, to: string): WhatsAppMessage[] {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  const texts = (text: string, preview = false) =>
    splitText(text, WHATSAPP.maxText).map((body) => ({
      ...base,
      type: 'text',
      text: { preview_url: preview, body },
    }));
  const caption = (text: string) => {
    const c = splitText(plainText(text), WHATSAPP.maxCaption)[0];
    return c ? { caption: c } : {};
  };
  switch (part.kind) {
    case 'text':
      return texts(toWhatsAppText(part.html));
    case 'choices': {
      const labels = part.buttons.map((b) => b.label);
      const layout = choiceLayout(WHATSAPP, labels);
      const asked = toWhatsAppText(part.html) || CHOOSE_ONE;
      if (layout === 'numbered') return texts(`${asked}\n\n${numberedChoices(labels)}`);
      const list = WHATSAPP.list!;
      // A question longer than an interactive body is sent before it as text.
      const before = [...asked].length > list.bodyMax ? texts(asked) : [];
      const body = { text: before.length ? CHOOSE_ONE : asked };
      const action =
        layout === 'buttons'
          ? {
              buttons: part.buttons.map((b, i) => ({
                type: 'reply',
                reply: { id: pickData(b, i, REPLY_ID_MAX), title: b.label },
              })),
            }
          : {
              button: LIST_BUTTON,
              sections: [
                { rows: part.buttons.map((b, i) => ({ id: pickData(b, i, ROW_ID_MAX), title: b.label })) },
              ],
            };
      const interactive = { type: layout === 'buttons' ? 'button' : 'list', body, action };
      return [...before, { ...base, type: 'interactive', interactive }];
    }
    case 'image':
      return [{ ...base, type: 'image', image: { link: part.url, ...caption(part.caption) } }];
    case 'images':
      return part.urls.map((link, i) => ({
        ...base,
        type: 'image',
        image: { link, ...(i === 0 ? caption(part.caption) : {}) },
      }));
    case 'video': {
      const title = plainText(part.title);
      return texts(title ? `${title}\n${part.url}` : part.url, true);
    }
    case 'file':
      return [
        part.image
          ? { ...base, type: 'image', image: { link: part.url, caption: part.name } }
          : { ...base, type: 'document', document: { link: part.url, filename: part.name } },
      ];
    case 'location':
      return [
        {
          ...base,
          type: 'interactive',
          interactive: {
            type: 'location_request_message',
            body: { text: LOCATION_PROMPT },
            action: { name: 'send_location' },
          },
        },
      ];
    case 'password':
      return texts(PASSWORD_NOTE_WHATSAPP);
  }
}

export function renderWhatsApp(
  replies: readonly ChatReply[],
  to: string,
  publicUrl: string,
  language = 'en',
): WhatsAppRender {
  const plan = planReplies(replies, publicUrl, language);
  return { messages: plan.parts.flatMap((part) => partMessages(part, to)), followUp: plan.followUp };
}
