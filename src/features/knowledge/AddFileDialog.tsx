import { useState } from 'react';
import { toFormData } from '../../api/client';
import { knowledgeFileType, normaliseTextTitle, ONLY_PDF_OR_TXT } from '../../core/knowledge';
import { Alert, Button, Modal, TextField } from '../../ui';
import { uploadFile, type Language } from './knowledge-api';

type Source = 'document' | 'text';

/**
 * Add file (spec 3 §5): exactly one language; a Document (PDF or TXT) or Plain text (title and
 * content, the title normalised to lowercase letters, digits, dash and underscore). Save needs
 * valid and changed; the upload shows its progress.
 */
export function AddFileDialog({
  languages,
  customerId,
  onClose,
  onAdded,
}: {
  languages: Language[];
  customerId: number;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [language, setLanguage] = useState<number | null>(null);
  const [source, setSource] = useState<Source>('document');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const normalised = normaliseTextTitle(title);
  const changed = language !== null || file !== null || title !== '' || content !== '' || tags !== '';
  const valid =
    language !== null && (source === 'document' ? file !== null : normalised !== '' && content.trim() !== '');

  const pick = (picked: File | null) => {
    if (picked && !knowledgeFileType(picked.name)) {
      setFile(null);
      setFileError(ONLY_PDF_OR_TXT);
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  const save = async () => {
    if (!valid) return;
    setError(null);
    setProgress(0);
    const fields: Record<string, unknown> = {
      language,
      tags: tags.trim() || undefined,
      customer_id: customerId,
    };
    if (source === 'document') fields.file = file;
    else Object.assign(fields, { plain_text: content, text_title: normalised });
    const answer = await uploadFile(toFormData(fields), setProgress);
    if (!answer.success) {
      setProgress(null);
      setError(answer.message ?? 'The file could not be added');
      return;
    }
    onAdded();
    onClose();
  };

  return (
    <Modal
      title="Add file"
      onClose={onClose}
      unsaved={changed && progress === null}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!valid || !changed} loading={progress !== null}>
            Save
          </Button>
        </>
      }
    >
      <fieldset className="knowledge-fieldset">
        <legend>Language</legend>
        <div className="knowledge-options">
          {languages.map((l) => (
            <label key={l.id} className="knowledge-option">
              <input
                type="radio"
                name="language"
                checked={language === l.id}
                onChange={() => setLanguage(l.id)}
              />
              {l.name[0].toUpperCase() + l.name.slice(1)}
            </label>
          ))}
        </div>
        {language === null && <p className="field-hint">Choose the language of the file.</p>}
      </fieldset>
      <fieldset className="knowledge-fieldset">
        <legend>Type</legend>
        <div className="knowledge-options">
          <label className="knowledge-option">
            <input
              type="radio"
              name="source"
              checked={source === 'document'}
              onChange={() => setSource('document')}
            />
            Document
          </label>
          <label className="knowledge-option">
            <input
              type="radio"
              name="source"
              checked={source === 'text'}
              onChange={() => setSource('text')}
            />
            Plain text
          </label>
        </div>
      </fieldset>
      {source === 'document' ? (
        <div className={fileError ? 'field field-invalid' : 'field'}>
          <label className="field-label" htmlFor="knowledge-file">
            Document (PDF or TXT)
          </label>
          <input
            id="knowledge-file"
            type="file"
            accept=".pdf,.txt,application/pdf,text/plain"
            onChange={(event) => pick(event.target.files?.[0] ?? null)}
          />
          {fileError && (
            <p className="field-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
      ) : (
        <>
          <TextField
            label="Title"
            value={title}
            onChange={setTitle}
            required
            hint={normalised ? `Saved as ${normalised}` : 'Lowercase letters, digits, dash and underscore'}
            error={title !== '' && !normalised ? 'The title needs a letter or a digit' : undefined}
          />
          <TextField
            label="Content"
            type="textarea"
            rows={6}
            value={content}
            onChange={setContent}
            required
          />
        </>
      )}
      <TextField label="Tags" value={tags} onChange={setTags} hint="Optional, comma-separated" />
      {progress !== null && (
        <div className="knowledge-progress">
          <progress max={1} value={progress} aria-label="Upload progress" />
          <span>{Math.round(progress * 100)}%</span>
        </div>
      )}
      {error && <Alert kind="error">{error}</Alert>}
    </Modal>
  );
}
