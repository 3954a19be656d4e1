// What one message shows, by its type (spec 3 §3 message types; shapes in src/core/widget/replies).
import { useMemo } from 'react';
import { displayText } from '../../src/core/text/speech';
import type { ConversationMessage } from '../../src/core/widget/conversation';
import type { ChoiceButton, Citation } from '../../src/core/widget/replies';
import { progressText } from '../../src/core/wizard/progress';
import { Carousel } from './Carousel';
import { Icon } from './icons';
import { sanitizeHtml } from './sanitize';
import { mediaUrl } from './theme-style';

export interface ContentProps {
  message: ConversationMessage;
  /** The guest picked a button of a choices or wizard message. */
  onChoose(message: ConversationMessage, button: ChoiceButton): void;
  chosen?: string;
  disabled: boolean;
}

function RichText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(displayText(html)), [html]);
  return <div className="rich" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The sources an AI answer drew on (issue 17), numbered as the answer cites them. */
function Citations({ citations }: { citations: Citation[] }) {
  return (
    <ol className="citations" aria-label="Sources">
      {citations.map((c) => {
        const label = `${c.name}${c.page ? `, page ${c.page}` : ''}`;
        // Only web addresses become links: a source's URL comes from the author's own sources.
        const safe = c.url && /^https?:\/\//i.test(c.url);
        return (
          <li key={c.n}>
            <span className="citation-n">[{c.n}]</span>{' '}
            {safe ? (
              <a href={c.url} target="_blank" rel="noopener noreferrer">
                {label}
              </a>
            ) : (
              label
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Buttons(props: { buttons: ChoiceButton[] } & Omit<ContentProps, 'chosen'> & { chosen?: string }) {
  const { buttons, message, onChoose, disabled, chosen } = props;
  return (
    <div className="choices" role="group">
      {buttons.map((button) => (
        <button
          key={String(button.id)}
          type="button"
          className={chosen === button.label ? 'choice selected' : 'choice'}
          disabled={disabled}
          onClick={() => onChoose(message, button)}
        >
          {button.label}
        </button>
      ))}
    </div>
  );
}

export function MessageContent(props: ContentProps) {
  const { message } = props;
  switch (message.type) {
    case 'text':
      return message.from === 'user' ? (
        <p className="plain">{message.content}</p>
      ) : (
        <RichText html={message.content} />
      );
    case 'ai':
      return (
        <>
          <RichText html={message.content} />
          {message.citations?.length ? <Citations citations={message.citations} /> : null}
        </>
      );
    case 'choices-message':
    case 'call':
      return <RichText html={message.content} />;
    case 'api':
      return <pre className="api">{message.content}</pre>;
    case 'choices':
      return <Buttons {...props} buttons={message.content} />;
    case 'wizard':
      return (
        <>
          {message.progress ? (
            <p className="wizard-progress">{progressText(message.progress, message.language_code)}</p>
          ) : null}
          <RichText html={message.content} />
          {message.field.options?.length ? <Buttons {...props} buttons={message.field.options} /> : null}
        </>
      );
    case 'image':
    case 'image-link':
      return (
        <a href={mediaUrl(message.content)} target="_blank" rel="noopener noreferrer" className="image">
          <img src={mediaUrl(message.content)} alt={message.title || 'Image'} loading="lazy" />
        </a>
      );
    case 'image-carousel':
      return <Carousel images={message.content.map((image) => mediaUrl(image.url))} title={message.title} />;
    case 'video-link':
      return message.embedUrl ? (
        <iframe
          className="video"
          src={message.embedUrl}
          title={message.title || 'Video'}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <a href={message.content} target="_blank" rel="noopener noreferrer">
          {message.title || message.content}
        </a>
      );
    case 'file': {
      const file = message.content;
      const isImage = file.type.startsWith('image/');
      return (
        <a
          className="file"
          href={mediaUrl(file.url)}
          target="_blank"
          rel="noopener noreferrer"
          download={file.name}
        >
          {isImage ? <img src={mediaUrl(file.url)} alt="" /> : <Icon name="file" size={28} />}
          <span>{file.name}</span>
        </a>
      );
    }
    default:
      return null;
  }
}
