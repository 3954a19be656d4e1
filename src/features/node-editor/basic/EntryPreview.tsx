import type { CarouselItem, Entry } from '../../../core/flow';
import { contentUrl } from '../content-api';
import { useNodeEditor } from '../editor-context';
import { entryKind } from '../logic/entries';
import { describeItem } from './CarouselItems';
import { VideoFrame } from './VideoForm';

/** How an entry will look in the chat, as far as the editor can tell. */
export function EntryPreview({ entry }: { entry: Entry }) {
  const { language, defaultLanguage } = useNodeEditor();
  if (entry.type === 'delay') return <p>Waits {entry.seconds} seconds before the next element.</p>;
  if (entry.type === 'variable') {
    const value = entry.wait
      ? 'waits for the user’s input'
      : `= ${entry.variableType === 'password' ? '••••' : entry.default || entry.file?.name || '(empty)'}`;
    return (
      <p>
        <code>{`\${{${entry.name}}}`}</code> ({entry.variableType}) {value}
      </p>
    );
  }
  const texts = entry.content.content;
  const text = (code: string) => (typeof texts[code] === 'string' ? (texts[code] as string) : '');
  const shown = text(language) || text(defaultLanguage) || text('en');
  switch (entryKind(entry)) {
    case 'text':
      return <p className="ne-preview-text">{shown || '(no text in this language)'}</p>;
    case 'image':
      return shown ? (
        <img className="ne-image-preview" src={contentUrl(shown)} alt={entry.content.title} />
      ) : (
        <p>(no image)</p>
      );
    case 'video':
      return <VideoFrame link={shown} title={entry.content.title} />;
    default: {
      const items = (Array.isArray(texts.en) ? texts.en : []) as CarouselItem[];
      return (
        <div className="ne-carousel ne-carousel-preview">
          {items.map((item, i) =>
            (item.type === 'url' || item.type === 'file') && item.url ? (
              <img key={String(item.id)} src={contentUrl(item.url)} alt={`Image ${i + 1}`} />
            ) : (
              <span key={String(item.id)} className="ne-chip">
                {describeItem(item)}
              </span>
            ),
          )}
        </div>
      );
    }
  }
}
