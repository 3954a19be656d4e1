import { useState } from 'react';
import { isImageUploadAccepted } from '../../../core/validation';
import { contentUrl, newContentId, uploadImage } from '../content-api';
import { useNodeEditor } from '../editor-context';
import { withImageSource, type ContentEntry, type ImageSource } from '../logic/entries';
import { useImageCheck } from '../use-image-check';
import { InputField } from '../widgets/fields';
import { UploadDropzone } from '../widgets/UploadDropzone';
import type { EntryFormProps } from './entry-form-types';
import { RadioGroup } from '../widgets/RadioGroup';

const SOURCES: readonly { value: ImageSource; label: string }[] = [
  { value: 'image-from-device', label: 'From device' },
  { value: 'image-from-url', label: 'From URL' },
];

/**
 * Image element (spec 2 §5): a title and an uploaded image or an image URL. A URL is checked by
 * loading it; one that does not load is marked 'Image is not reviewable'.
 */
export function ImageForm({
  entry,
  change,
  errorAt,
  checkKey,
}: EntryFormProps<ContentEntry> & { checkKey: string }) {
  const { defaultLanguage, scope, setBusy } = useNodeEditor();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const source: ImageSource = entry.content.type === 'image' ? 'image-from-device' : 'image-from-url';
  const value = String(entry.content.content[defaultLanguage] ?? entry.content.content.en ?? '');
  const field = `content.content.${defaultLanguage}`;
  const checking = useImageCheck(
    source === 'image-from-url' ? value : '',
    (ok) =>
      change((e) => {
        e.reviewable = ok;
        e.validImageURL = ok;
      }),
    checkKey,
  );

  const upload = async (file: File) => {
    if (!scope) return setUploadError('Choose a bot before uploading images');
    const id = (entry.content.id as string | undefined) ?? newContentId();
    setUploading(true);
    setBusy(`${checkKey}-upload`, true);
    setUploadError(null);
    try {
      const url = await uploadImage(scope, {
        id,
        title: entry.content.title,
        file,
        replace: !!entry.content.id,
      });
      change((e) => {
        e.content.id = id;
        e.content.content = { [defaultLanguage]: url };
        e.reviewable = true;
      });
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : 'Unable to upload the image');
    } finally {
      setUploading(false);
      setBusy(`${checkKey}-upload`, false);
    }
  };

  const shown = value && (source === 'image-from-device' || entry.reviewable) ? contentUrl(value) : '';
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
      <RadioGroup
        label="Image source"
        value={source}
        options={SOURCES}
        onChange={(next) => change((e) => withImageSource(e as ContentEntry, next))}
      />
      {source === 'image-from-device' ? (
        <div className={errorAt(field) || uploadError ? 'field field-invalid' : 'field'}>
          <UploadDropzone
            label="Image"
            kind="image"
            disabled={uploading}
            accept={(file) => isImageUploadAccepted(file.type)}
            onFiles={([file]) => void upload(file)}
          />
          {uploading && <p className="field-hint">Uploading…</p>}
          {(uploadError || (value === '' && errorAt(field))) && (
            <p className="field-error">{uploadError ?? errorAt(field)}</p>
          )}
        </div>
      ) : (
        <InputField
          label="Image URL"
          type="url"
          value={value}
          placeholder="https://example.com/picture.png"
          error={checking ? undefined : errorAt(field)}
          hint={checking ? 'Checking the image…' : undefined}
          onChange={(url) =>
            change((e) => {
              e.content.content = { [defaultLanguage]: url.trim() };
              e.reviewable = undefined;
              e.validImageURL = undefined;
            })
          }
        />
      )}
      {shown && <img className="ne-image-preview" src={shown} alt={entry.content.title || 'Image preview'} />}
    </>
  );
}
