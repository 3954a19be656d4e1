import type { Draft } from 'immer';
import type { BasicNode, Entry } from '../../../core/flow';
import type { NodeEditorProps } from '../editor-context';
import { declaredVariables } from '../logic/entries';
import { moveBy } from '../logic/move';
import { NodeNameField, Section } from '../widgets/fields';
import { AddElement } from './AddElement';
import { EntryList } from './EntryList';

/**
 * Spec 2 §2 Basic node: its name, its entries (text, image, variable, video, carousel, delay) and
 * the Add Element picker. The node's json and file variable lists follow the entries.
 */
export function BasicEditor({ node, edit }: NodeEditorProps<BasicNode>) {
  const editEntries = (recipe: (entries: Draft<Entry>[]) => Draft<Entry>[] | void) =>
    edit((draft) => {
      const replaced = recipe(draft.entries as Draft<Entry>[]);
      if (replaced) draft.entries = replaced as Entry[];
      Object.assign(draft, declaredVariables(draft.entries));
    });

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
      <Section title="Elements">
        <EntryList
          entries={node.entries}
          onChange={(i, recipe) =>
            editEntries((entries) => {
              const replaced = recipe(entries[i]);
              if (replaced) entries[i] = replaced as Draft<Entry>;
            })
          }
          onReplace={(i, entry) =>
            editEntries((entries) => {
              entries[i] = entry as Draft<Entry>;
            })
          }
          onMove={(i, delta) => editEntries((entries) => moveBy(entries, i, delta))}
          onDelete={(i) => editEntries((entries) => entries.filter((_, k) => k !== i))}
        />
      </Section>
      <AddElement onAdd={(entry) => editEntries((entries) => void entries.push(entry as Draft<Entry>))} />
    </>
  );
}
