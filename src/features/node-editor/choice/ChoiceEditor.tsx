import { lazy, Suspense } from 'react';
import type { ChoiceNode } from '../../../core/flow';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { addChoice, deleteChoice, moveChoice, takenLabels, updateChoice } from '../logic/choices';
import { NodeNameField, Section, useLangError } from '../widgets/fields';
import { ChoiceForm } from './ChoiceForm';
import { ChoiceList } from './ChoiceList';

// The editor library loads only when a choice node is opened.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** Spec 2 §2 Choice node: name, options message (rich text), choices, and the final no-match entry. */
export function ChoiceEditor({ node, edit }: NodeEditorProps<ChoiceNode>) {
  const { language } = useNodeEditor();
  const messageError = useLangError('message');
  return (
    <>
      <NodeNameField
        value={node.name}
        onChange={(name) =>
          edit((draft) => {
            draft.name = name;
          })
        }
      />
      <Suspense fallback={<p className="ne-muted">Loading the editor…</p>}>
        <RichTextEditor
          key={language}
          label="Options message"
          value={node.message?.[language] ?? ''}
          error={messageError}
          onChange={(html) =>
            edit((draft) => {
              draft.message = { ...draft.message, [language]: html };
            })
          }
        />
      </Suspense>
      <Section title="Choices">
        <ChoiceList
          slots={node.next}
          onUpdate={(i, label, keywords) =>
            edit((draft) => {
              draft.next = updateChoice(draft.next, i, language, label, keywords);
            })
          }
          onMove={(i, delta) =>
            edit((draft) => {
              draft.next = moveChoice(draft.next, i, delta);
            })
          }
          onDelete={(i) =>
            edit((draft) => {
              draft.next = deleteChoice(draft.next, i);
            })
          }
        />
        <div className="ne-add" role="group" aria-label="Add choice">
          <ChoiceForm
            key={language}
            taken={takenLabels(node.next, language)}
            submitLabel="Add choice"
            onSubmit={(label, keywords) =>
              edit((draft) => {
                draft.next = addChoice(draft.next, language, label, keywords);
              })
            }
          />
        </div>
      </Section>
    </>
  );
}
