// The runtime's replies (src/core/widget/replies.ts) as the parts a chat channel sends, before any
// channel's wire format: a choice joins the message that asks it, a wizard question with options
// becomes a choice, widget-only replies become the spec's texts, and replies that only steer the
// widget (delay, the file input mode) disappear. telegram.ts and whatsapp.ts turn these parts into
// API calls; the emulator's channel switch shows them.
import type { ChatReply, ChoiceButton } from '../widget/replies';
import { REALTIME_AI_ENDED } from '../widget/replies';
import { progressText } from '../wizard/progress';
import { CALL_OUTSIDE_WIDGET, REALTIME_AI_OUTSIDE_WIDGET } from './texts';

export type ChannelPart =
  /** HTML from the editor (or plain text from an API or the AI). */
  | { kind: 'text'; html: string }
  | { kind: 'choices'; html: string; buttons: ChoiceButton[] }
  | { kind: 'image'; url: string; caption: string }
  | { kind: 'images'; urls: string[]; caption: string }
  | { kind: 'video'; url: string; title: string }
  | { kind: 'file'; url: string; name: string; image: boolean }
  | { kind: 'location' }
  | { kind: 'password' };

export interface ChannelPlan {
  parts: ChannelPart[];
  /** What the channel answers on the guest's behalf right after (REALTIME_AI_ENDED), or null. */
  followUp: string | null;
}

/** An upload's relative URL made absolute: the channel's servers fetch it from outside. */
export function absoluteUrl(url: string, publicUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

const IMAGE_FILE = /^image\/(gif|jpe?g|png|webp)$/i;

export function planReplies(replies: readonly ChatReply[], publicUrl: string, language = 'en'): ChannelPlan {
  const parts: ChannelPart[] = [];
  let followUp: string | null = null;
  const url = (u: string) => absoluteUrl(u, publicUrl);
  // The text just said, which a choice that follows it is asked with.
  const lastText = () => {
    const last = parts[parts.length - 1];
    return last?.kind === 'text' ? (parts.pop() as { html: string }).html : '';
  };
  for (const reply of replies) {
    switch (reply.type) {
      case 'text':
      case 'choices-message':
      case 'ai':
      case 'api':
        if (reply.content.trim()) parts.push({ kind: 'text', html: reply.content });
        break;
      case 'choices':
        if (reply.content.length) parts.push({ kind: 'choices', html: lastText(), buttons: reply.content });
        break;
      case 'wizard': {
        const progress = reply.progress ? ` (${progressText(reply.progress, language)})` : '';
        const html = `${reply.content}${progress}`;
        const options = reply.field.options ?? [];
        parts.push(options.length ? { kind: 'choices', html, buttons: options } : { kind: 'text', html });
        break;
      }
      case 'image':
      case 'image-link':
        parts.push({ kind: 'image', url: url(reply.content), caption: reply.title ?? '' });
        break;
      case 'image-carousel':
        if (reply.content.length)
          parts.push({
            kind: 'images',
            urls: reply.content.map((i) => url(i.url)),
            caption: reply.title ?? '',
          });
        break;
      case 'video-link':
        parts.push({ kind: 'video', url: reply.content, title: reply.title ?? '' });
        break;
      case 'file':
        parts.push({
          kind: 'file',
          url: url(reply.content.url),
          name: reply.content.name,
          image: IMAGE_FILE.test(reply.content.type),
        });
        break;
      case 'device-permission':
        parts.push({ kind: 'location' });
        break;
      case 'input':
        if (reply.input === 'password') parts.push({ kind: 'password' });
        break;
      case 'realtime-ai':
        parts.push({ kind: 'text', html: REALTIME_AI_OUTSIDE_WIDGET });
        followUp = REALTIME_AI_ENDED;
        break;
      case 'call':
        parts.push({ kind: 'text', html: CALL_OUTSIDE_WIDGET });
        break;
      case 'delay':
        break;
    }
  }
  return { parts, followUp };
}
