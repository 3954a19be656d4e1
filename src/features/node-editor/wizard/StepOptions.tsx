import type { LangText } from '../../../core/flow';
import { Button } from '../../../ui';
import { useNodeEditor } from '../editor-context';
import { newFieldId, type WizardField } from '../logic/wizard-fields';
import { InputField } from '../widgets/fields';
import { ToolButton } from '../widgets/icons';

type Options = NonNullable<WizardField['options']>;

/** An options step's choices: a label per language and a value each (spec 2 §5). */
export function StepOptions({
  options,
  onChange,
  errorAt,
}: {
  options: Options;
  onChange: (options: Options) => void;
  errorAt: (field: string) => string | undefined;
}) {
  const { language, defaultLanguage } = useNodeEditor();
  const set = (i: number, patch: Partial<Options[number]>) =>
    onChange(options.map((option, k) => (k === i ? { ...option, ...patch } : option)));
  return (
    <div className="ne-stack" role="group" aria-label="Options">
      <span className="field-label">Options</span>
      {options.map((option, i) => (
        <div key={String(option.id)} className="ne-row ne-align-start">
          <InputField
            label={`Option ${i + 1} label`}
            value={option.label?.[language] ?? ''}
            error={errorAt(`options.${i}.label.${defaultLanguage}`)}
            onChange={(text) => set(i, { label: { ...option.label, [language]: text } as LangText })}
          />
          <InputField
            label={`Option ${i + 1} value`}
            value={option.value}
            error={errorAt(`options.${i}.value`)}
            onChange={(value) => set(i, { value })}
          />
          <ToolButton
            icon="trash"
            tone="danger"
            className="ne-tool-field"
            label={`Delete option ${i + 1}`}
            onClick={() => onChange(options.filter((_, k) => k !== i))}
          />
        </div>
      ))}
      {errorAt('options') && <p className="field-error">{errorAt('options')}</p>}
      <Button
        size="sm"
        variant="outline"
        className="ne-self-start"
        onClick={() => onChange([...options, { id: newFieldId(), label: { [language]: '' }, value: '' }])}
      >
        Add option
      </Button>
    </div>
  );
}
