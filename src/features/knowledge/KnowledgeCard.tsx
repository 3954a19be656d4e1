import { useEffect, useState } from 'react';
import type { KnowledgeItem } from '../../core/api/knowledge';
import { DELETE_CONFIRM_MS } from '../../core/knowledge';
import { Alert, Button, IconButton, Modal, TextField } from '../../ui';
import {
  deleteItem,
  ITEM_KIND,
  pasteTranscript,
  retryItem,
  type Language,
  type TabKind,
} from './knowledge-api';

const STAGE_TEXT = { queued: 'Queued', extracting: 'Extracting text', indexing: 'Indexing' } as const;

interface CardProps {
  kind: TabKind;
  item: KnowledgeItem;
  title: string;
  languages: Language[];
  customerId: number;
  onChanged: () => void;
}

/** Where the item leads when opened: the link or video address (files are previewed). */
function addressOf(item: KnowledgeItem): string | null {
  if ('link' in item) return item.link;
  if ('needs_transcript' in item) return item.url;
  return null;
}

/** The status line (spec 3 §2: Processing or Processed), with the stage and a failure's reason. */
function StatusLine({ item }: { item: KnowledgeItem }) {
  if (item.status === 'processed') {
    return (
      <p className="knowledge-status status-processed">
        Processed · {item.passages} passage{item.passages === 1 ? '' : 's'}
      </p>
    );
  }
  if (item.status === 'failed') {
    return (
      <p className="knowledge-status status-failed">
        Failed: <span className="knowledge-reason">{item.error ?? 'unknown reason'}</span>
      </p>
    );
  }
  return (
    <p className="knowledge-status status-processing">
      <span className="knowledge-dot" aria-hidden="true" />
      Processing · {STAGE_TEXT[item.status]}
    </p>
  );
}

/** A card of the grid: title, details, status line, and its menu (Open/Preview, Delete, Retry). */
export function KnowledgeCard({ kind, item, title, languages, customerId, onChanged }: CardProps) {
  const [menu, setMenu] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const itemKind = ITEM_KIND[kind];
  const language = languages.find((l) => l.id === item.language);
  const address = addressOf(item);

  const run = async (action: () => Promise<void>) => {
    setMenu(false);
    try {
      await action();
      setFailure(null);
      onChanged();
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  return (
    <article className={`grid-card knowledge-card knowledge-${item.status}`} aria-label={title}>
      <header className="knowledge-card-head">
        <span className={`knowledge-kind kind-${itemKind}`} aria-hidden="true">
          {'file_type' in item ? item.file_type.toUpperCase() : itemKind === 'link' ? 'WEB' : 'YT'}
        </span>
        <div className="knowledge-card-title">
          <h3>{title}</h3>
          {address && <p className="knowledge-address">{address}</p>}
        </div>
        <div className="knowledge-menu">
          <IconButton
            icon="menu"
            label={`Actions for ${title}`}
            aria-expanded={menu}
            onClick={() => setMenu(!menu)}
          />
          {menu && (
            <div className="knowledge-menu-list" role="menu">
              <button type="button" role="menuitem" onClick={() => (setMenu(false), setPreviewing(true))}>
                Open/Preview
              </button>
              {item.status === 'failed' && (
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => void run(() => retryItem(itemKind, customerId, item.id))}
                >
                  Retry
                </button>
              )}
              {'needs_transcript' in item && item.needs_transcript && (
                <button type="button" role="menuitem" onClick={() => (setMenu(false), setPasting(true))}>
                  Paste transcript
                </button>
              )}
              <button
                type="button"
                role="menuitem"
                className="danger"
                onClick={() => (setMenu(false), setConfirming(true))}
              >
                Delete
              </button>
            </div>
          )}
        </div>
      </header>
      <div className="knowledge-meta">
        {language && (
          <span className="knowledge-chip">{language.name[0].toUpperCase() + language.name.slice(1)}</span>
        )}
        {'tags' in item &&
          item.tags.map((tag) => (
            <span key={tag} className="knowledge-chip">
              #{tag}
            </span>
          ))}
        {'recursive' in item && item.recursive && <span className="knowledge-chip">Whole site</span>}
        <span className="knowledge-updated">{new Date(item.updated_at).toLocaleString()}</span>
      </div>
      <StatusLine item={item} />
      {item.status === 'failed' && (
        <div className="knowledge-card-actions">
          <Button
            size="sm"
            variant="outline"
            onClick={() => void run(() => retryItem(itemKind, customerId, item.id))}
          >
            Retry
          </Button>
          {'needs_transcript' in item && item.needs_transcript && (
            <Button size="sm" variant="outline" onClick={() => setPasting(true)}>
              Paste transcript
            </Button>
          )}
        </div>
      )}
      {failure && <Alert kind="error">{failure}</Alert>}
      {confirming && (
        <DeleteConfirm
          name={title}
          onCancel={() => setConfirming(false)}
          onDelete={() => {
            setConfirming(false);
            void run(() => deleteItem(itemKind, customerId, item.id));
          }}
        />
      )}
      {previewing && (
        <Preview item={item} title={title} address={address} onClose={() => setPreviewing(false)} />
      )}
      {pasting && (
        <TranscriptDialog
          title={title}
          onClose={() => setPasting(false)}
          onSave={async (text) => {
            await pasteTranscript(customerId, item.id, text);
            setPasting(false);
            onChanged();
          }}
        />
      )}
    </article>
  );
}

/** Spec 3 §2 delete confirmation; it closes by itself after 7 s (spec 3 §9). */
function DeleteConfirm({
  name,
  onCancel,
  onDelete,
}: {
  name: string;
  onCancel: () => void;
  onDelete: () => void;
}) {
  useEffect(() => {
    const timer = window.setTimeout(onCancel, DELETE_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [onCancel]);
  return (
    <Modal
      title="Delete"
      size="sm"
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onDelete}>
            Delete
          </Button>
        </>
      }
    >
      <p>Are you sure, you want to delete &quot;{name}&quot;</p>
    </Modal>
  );
}

function Preview({
  item,
  title,
  address,
  onClose,
}: {
  item: KnowledgeItem;
  title: string;
  address: string | null;
  onClose: () => void;
}) {
  const report = 'report' in item ? item.report : null;
  return (
    <Modal title={title} subtitle={address ?? undefined} onClose={onClose} size="lg">
      <dl className="knowledge-details">
        <dt>Status</dt>
        <dd>
          {item.status === 'failed'
            ? `Failed: ${item.error ?? ''}`
            : item.processed
              ? 'Processed'
              : 'Processing'}
        </dd>
        <dt>Passages</dt>
        <dd>{item.passages}</dd>
        <dt>Updated</dt>
        <dd>{new Date(item.updated_at).toLocaleString()}</dd>
      </dl>
      {address && (
        <p>
          <a href={address} target="_blank" rel="noopener noreferrer">
            Open {address}
          </a>
        </p>
      )}
      {report && (
        <section className="crawl-report" aria-label="Crawl report">
          <h3>
            Crawl report: {report.indexed.length} page(s) indexed, {report.skipped.length} skipped
          </h3>
          <ul>
            {report.indexed.map((page) => (
              <li key={page.url}>
                <span className="crawl-ok">Indexed</span> {page.title} — {page.url}
              </li>
            ))}
            {report.skipped.map((page) => (
              <li key={page.url}>
                <span className="crawl-skip">Skipped</span> {page.url} — {page.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}

function TranscriptDialog({
  title,
  onClose,
  onSave,
}: {
  title: string;
  onClose: () => void;
  onSave: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      title="Paste transcript"
      subtitle={title}
      onClose={onClose}
      unsaved={text.trim() !== ''}
      footer={
        <Button
          loading={saving}
          disabled={!text.trim()}
          onClick={() => {
            setSaving(true);
            onSave(text).catch((failure: Error) => {
              setError(failure.message);
              setSaving(false);
            });
          }}
        >
          Save
        </Button>
      }
    >
      <TextField label="Transcript" type="textarea" rows={8} value={text} onChange={setText} required />
      {error && <Alert kind="error">{error}</Alert>}
    </Modal>
  );
}
