import { json } from '@codemirror/lang-json';
import { basicSetup, EditorView } from 'codemirror';
import { useEffect, useId, useRef } from 'react';

interface JsonBodyEditorProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The author leaves the editor: the body is prettified then (spec 2 §5). */
  onBlur: () => void;
  error?: string;
}

/** Spec 2 §9: the JSON body editor shows 8 rows. */
const ROWS = 8;

const theme = EditorView.theme({
  '&': { fontSize: '13.5px' },
  '.cm-content, .cm-gutter': { minHeight: `calc(${ROWS} * 1.4em + 8px)` },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    lineHeight: '1.4',
  },
});

/**
 * The api node's JSON body in CodeMirror 6 with JSON highlighting. The view is created once;
 * a new value from outside (the prettified body) replaces its text.
 */
export default function JsonBodyEditor({ label, value, onChange, onBlur, error }: JsonBodyEditorProps) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const handlers = useRef({ onChange, onBlur });
  useEffect(() => {
    handlers.current = { onChange, onBlur };
  });

  useEffect(() => {
    const created = new EditorView({
      doc: value,
      parent: host.current!,
      extensions: [
        basicSetup,
        json(),
        theme,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
        }),
        EditorView.domEventHandlers({ blur: () => handlers.current.onBlur() }),
      ],
    });
    view.current = created;
    return () => created.destroy();
    // Created once per mount; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div ref={host} className="ne-code" aria-invalid={error ? true : undefined} />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
