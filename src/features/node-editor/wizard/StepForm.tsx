import { useState } from 'react';
import { defaultFieldIcon, fieldIconOf, WIZARD_FIELD_TYPES } from '../../../core/flow';
import { validateWizardField } from '../../../core/validation';
import { Button, Switch } from '../../../ui';
import { useNodeEditor } from '../editor-context';
import { FIELD_TYPE_LABELS, withFieldType, type WizardField } from '../logic/wizard-fields';
import { FieldIconPicker } from '../widgets/FieldIconPicker';
import { LangTextField, SelectField, VariableNameField } from '../widgets/fields';
import { StepOptions } from './StepOptions';

const TYPE_OPTIONS = WIZARD_FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));

interface StepFormProps {
  initial: WizardField;
  submitLabel: string;
  onSubmit: (field: WizardField) => void;
  onCancel: () => void;
}

/**
 * A wizard step's form (spec 2 §4, §5): opened by Add step or Edit, closed by Cancel or its
 * submit button, which stays disabled until the step is valid.
 */
export function StepForm({ initial, submitLabel, onSubmit, onCancel }: StepFormProps) {
  const { validation, language } = useNodeEditor();
  const [field, setField] = useState<WizardField>(initial);
  const [touched, setTouched] = useState(false);
  const problems = validateWizardField(field, validation);
  const errorAt = (path: string) => (touched ? problems.find((p) => p.field === path)?.message : undefined);
  const update = (patch: Partial<WizardField>) => {
    setField((current) => ({ ...current, ...patch }));
    setTouched(true);
  };

  return (
    <div className="ne-add ne-stack" role="group" aria-label="Step">
      <LangTextField
        label="Question"
        field="feedback"
        errorOf={errorAt}
        value={field.feedback}
        placeholder="What is your email address?"
        onChange={(feedback) => update({ feedback })}
      />
      <div className="ne-grid-2">
        <SelectField
          label="Field type"
          value={field.type}
          options={TYPE_OPTIONS}
          error={errorAt('type')}
          onChange={(type) => {
            setField((current) => {
              const next = withFieldType(current, type, language);
              // An icon still at the old type's default follows the new type; a chosen one stays.
              const followsType =
                fieldIconOf(current.fieldIcon, current.type) === defaultFieldIcon(current.type);
              return followsType ? { ...next, fieldIcon: defaultFieldIcon(type) } : next;
            });
            setTouched(true);
          }}
        />
        <VariableNameField label="Saved as" value={field.attr} onChange={(attr) => update({ attr })} />
        <Switch
          label="Required"
          checked={field.required ?? false}
          onChange={(required) => update({ required })}
        />
      </div>
      <FieldIconPicker
        value={fieldIconOf(field.fieldIcon, field.type)}
        onChange={(fieldIcon) => update({ fieldIcon })}
      />
      {field.type === 'options' && (
        <StepOptions
          options={field.options ?? []}
          errorAt={(path) => errorAt(path)}
          onChange={(options) => update({ options })}
        />
      )}
      {field.type === 'bool' && (
        <div className="ne-grid-2">
          <LangTextField
            label="True label"
            field="booleans.onTrue"
            errorOf={errorAt}
            value={field.booleans?.onTrue}
            onChange={(onTrue) => update({ booleans: { onFalse: {}, ...field.booleans, onTrue } })}
          />
          <LangTextField
            label="False label"
            field="booleans.onFalse"
            errorOf={errorAt}
            value={field.booleans?.onFalse}
            onChange={(onFalse) => update({ booleans: { onTrue: {}, ...field.booleans, onFalse } })}
          />
        </div>
      )}
      <div className="ne-row ne-end">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" disabled={problems.length > 0} onClick={() => onSubmit(field)}>
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
