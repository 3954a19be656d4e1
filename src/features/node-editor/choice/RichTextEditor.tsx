import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, type MouseEvent } from 'react';
import { ToolButton } from '../widgets/icons';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

/**
 * The choice node's options message (spec 2 §2): a rich-text editor (Tiptap over ProseMirror)
 * saving HTML. An emptied editor saves '' so the required-message rule sees it as blank.
 * Mount it with a key per language: each language has its own text.
 */
export default function RichTextEditor({ label, value, onChange, error }: RichTextEditorProps) {
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        code: false,
        blockquote: false,
        horizontalRule: false,
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        class: 'ne-rich-content',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
    }),
  });
  // A toolbar click must not take the focus (and the selection) away from the text.
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  const run = (command: 'toggleBold' | 'toggleItalic' | 'toggleBulletList' | 'toggleOrderedList') =>
    editor?.chain().focus()[command]().run();

  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="ne-rich" aria-invalid={error ? true : undefined}>
        <div className="ne-rich-toolbar" role="toolbar" aria-label={`${label} formatting`}>
          <ToolButton
            icon="bold"
            label="Bold"
            onMouseDown={keepFocus}
            aria-pressed={active?.bold}
            onClick={() => run('toggleBold')}
          />
          <ToolButton
            icon="italic"
            label="Italic"
            onMouseDown={keepFocus}
            aria-pressed={active?.italic}
            onClick={() => run('toggleItalic')}
          />
          <ToolButton
            icon="list"
            label="Bulleted list"
            onMouseDown={keepFocus}
            aria-pressed={active?.bulletList}
            onClick={() => run('toggleBulletList')}
          />
          <ToolButton
            icon="numbered"
            label="Numbered list"
            onMouseDown={keepFocus}
            aria-pressed={active?.orderedList}
            onClick={() => run('toggleOrderedList')}
          />
        </div>
        <EditorContent editor={editor} />
      </div>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
