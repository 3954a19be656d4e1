import { produce } from 'immer';
import { useState } from 'react';
import type { Entry } from '../../../core/flow';
import { validateEntry } from '../../../core/validation';
import { Button } from '../../../ui';
import { useNodeEditor } from '../editor-context';
import {
  DELAY_AFTER_ADD,
  DELAY_FORM_DEFAULT,
  ELEMENT_KINDS,
  newEntryDraft,
  type ElementKind,
} from '../logic/entries';
import { SelectField } from '../widgets/fields';
import { EntryForm } from './EntryForm';
import type { ChangeEntry } from './entry-form-types';

/**
 * Spec 2 §2 Add Element: pick a kind, fill its form, add it with the form's own button (disabled
 * until the element is valid and nothing is loading). Changing the kind starts a fresh draft.
 */
export function AddElement({ onAdd }: { onAdd: (entry: Entry) => void }) {
  const { language, validation, busy } = useNodeEditor();
  const [kind, setKind] = useState<ElementKind>('text');
  const [delaySeconds, setDelaySeconds] = useState(DELAY_FORM_DEFAULT);
  const [draft, setDraft] = useState<Entry>(() => newEntryDraft('text', language));
  const [touched, setTouched] = useState(false);
  const problems = validateEntry(draft, validation);
  const label = ELEMENT_KINDS.find((k) => k.kind === kind)?.label ?? '';

  const restart = (next: ElementKind, seconds = delaySeconds) => {
    setKind(next);
    setDraft(newEntryDraft(next, language, seconds));
    setTouched(false);
  };
  const change: ChangeEntry = (recipe) => {
    setDraft((current) => produce(current, recipe));
    setTouched(true);
  };
  const add = () => {
    onAdd(draft);
    // Spec 2 §9: after a delay is added the form offers 0.5 seconds.
    const seconds = kind === 'delay' ? DELAY_AFTER_ADD : delaySeconds;
    setDelaySeconds(seconds);
    restart(kind, seconds);
  };

  return (
    <div className="ne-add" role="group" aria-label="Add Element">
      <SelectField
        label="Add Element"
        value={kind}
        options={ELEMENT_KINDS.map((k) => ({ value: k.kind, label: k.label }))}
        onChange={(next) => restart(next)}
      />
      <EntryForm
        key={kind}
        formKey="new-entry"
        entry={draft}
        change={change}
        errorAt={(field) => (touched ? problems.find((p) => p.field === field)?.message : undefined)}
      />
      <Button className="ne-self-start" icon={undefined} disabled={problems.length > 0 || busy} onClick={add}>
        Add {label.toLowerCase()}
      </Button>
    </div>
  );
}
