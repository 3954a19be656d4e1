import { useState } from 'react';
import { isKnowledgeLink, isYoutubeLink, LINK_NAME_FALLBACK, VIDEO_PLATFORMS } from '../../core/knowledge';
import { Alert, Button, Modal, TextField } from '../../ui';
import { Switch } from '../../ui/Switch';
import { addLink, addVideo } from './knowledge-api';

export const LINK_RULE_TEXT = 'Enter an http, https or ftp address with a domain';
export const VIDEO_RULE_TEXT = 'Enter a YouTube watch, short or embed link';

interface AddProps {
  customerId: number;
  onClose: () => void;
  onAdded: () => void;
}

function useSave(
  send: () => Promise<{ success: boolean; message?: string }>,
  { onClose, onAdded }: AddProps,
) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const answer = await send();
      if (!answer.success) throw new Error(answer.message ?? 'The item could not be added');
      onAdded();
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
      setSaving(false);
    }
  };
  return { saving, error, save };
}

function Footer({
  onClose,
  onSave,
  ok,
  saving,
}: {
  onClose: () => void;
  onSave: () => void;
  ok: boolean;
  saving: boolean;
}) {
  return (
    <>
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
      <Button onClick={onSave} disabled={!ok} loading={saving}>
        Save
      </Button>
    </>
  );
}

/** Add link (spec 3 §5): an http/https/ftp address with a domain, a name ('N/A' when empty), recursive 1/0. */
export function AddLinkDialog(props: AddProps) {
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [recursive, setRecursive] = useState(false);
  const valid = isKnowledgeLink(link);
  const changed = name !== '' || link !== '' || recursive;
  const { saving, error, save } = useSave(
    () =>
      addLink({
        name: name.trim() || LINK_NAME_FALLBACK,
        link: link.trim(),
        recursive: recursive ? 1 : 0,
        customer_id: props.customerId,
      }),
    props,
  );
  return (
    <Modal
      title="Add link"
      onClose={props.onClose}
      unsaved={changed && !saving}
      footer={
        <Footer onClose={props.onClose} onSave={() => void save()} ok={valid && changed} saving={saving} />
      }
    >
      <TextField label="Name" value={name} onChange={setName} required />
      <TextField
        label="Link"
        value={link}
        onChange={setLink}
        required
        placeholder="https://docs.example.com"
        error={link !== '' && !valid ? LINK_RULE_TEXT : undefined}
      />
      <Switch
        label="Recursive"
        checked={recursive}
        onChange={setRecursive}
        hint="Also index the pages of the same site it leads to (2 levels, 50 pages at most)."
      />
      {error && <Alert kind="error">{error}</Alert>}
    </Modal>
  );
}

/** Add video (spec 3 §5): platform YouTube only, a watch/short/embed link with an 11-character id. */
export function AddVideoDialog(props: AddProps) {
  const [platform, setPlatform] = useState<string>(VIDEO_PLATFORMS[0]);
  const [url, setUrl] = useState('');
  const valid = platform === 'YouTube' && isYoutubeLink(url);
  const { saving, error, save } = useSave(
    () => addVideo({ url: url.trim(), customer_id: props.customerId }),
    props,
  );
  return (
    <Modal
      title="Add video"
      onClose={props.onClose}
      unsaved={url !== '' && !saving}
      footer={<Footer onClose={props.onClose} onSave={() => void save()} ok={valid} saving={saving} />}
    >
      <div className="field">
        <label className="field-label" htmlFor="video-platform">
          Platform
        </label>
        <select
          id="video-platform"
          className="knowledge-select"
          value={platform}
          onChange={(e) => setPlatform(e.target.value)}
        >
          {VIDEO_PLATFORMS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </div>
      <TextField
        label="Link"
        value={url}
        onChange={setUrl}
        required
        placeholder="https://www.youtube.com/watch?v=…"
        error={url !== '' && !isYoutubeLink(url) ? VIDEO_RULE_TEXT : undefined}
      />
      {error && <Alert kind="error">{error}</Alert>}
    </Modal>
  );
}
