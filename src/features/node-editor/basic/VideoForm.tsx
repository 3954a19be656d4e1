import { youtubeEmbedUrl, youtubeId } from '../../../core/rules/youtube';
import { useNodeEditor } from '../editor-context';
import type { ContentEntry } from '../logic/entries';
import { InputField } from '../widgets/fields';
import type { EntryFormProps } from './entry-form-types';

/** The privacy-enhanced player for a link, or null when it is not a YouTube link. */
export function VideoFrame({ link, title }: { link: string; title: string }) {
  const id = youtubeId(link);
  if (!id) return null;
  return (
    <iframe
      className="ne-video"
      src={youtubeEmbedUrl(id)}
      title={title || 'Video preview'}
      allow="autoplay; encrypted-media; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
      allowFullScreen
    />
  );
}

/** Video element (spec 2 §5): a title and a YouTube watch, short or embed link. */
export function VideoForm({ entry, change, errorAt }: EntryFormProps<ContentEntry>) {
  const { defaultLanguage } = useNodeEditor();
  const link = String(entry.content.content[defaultLanguage] ?? entry.content.content.en ?? '');
  return (
    <>
      <InputField
        label="Title"
        value={entry.content.title}
        error={errorAt('content.title')}
        onChange={(title) =>
          change((e) => {
            e.content.title = title;
          })
        }
      />
      <InputField
        label="Video link"
        type="url"
        value={link}
        placeholder="https://www.youtube.com/watch?v=…"
        error={errorAt(`content.content.${defaultLanguage}`)}
        hint="A YouTube watch, short or embed link."
        onChange={(url) =>
          change((e) => {
            e.content.content = { ...e.content.content, [defaultLanguage]: url.trim() };
          })
        }
      />
      <VideoFrame link={link} title={entry.content.title} />
    </>
  );
}
