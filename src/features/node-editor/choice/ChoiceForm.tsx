import { useState } from 'react';
import { newChoiceLabelProblem } from '../../../core/validation';
import { Button } from '../../../ui';
import { InputField } from '../widgets/fields';
import { KeywordsField } from './KeywordsField';

interface ChoiceFormProps {
  initialLabel?: string;
  initialKeywords?: readonly string[];
  /** The other choices' labels in this language (the label must differ from each, ignoring case). */
  taken: readonly string[];
  submitLabel: string;
  onSubmit: (label: string, keywords: string[]) => void;
  onCancel?: () => void;
}

/** A choice's label and keywords, for a new choice or one edited in place. */
export function ChoiceForm({
  initialLabel = '',
  initialKeywords = [],
  taken,
  submitLabel,
  onSubmit,
  onCancel,
}: ChoiceFormProps) {
  const [label, setLabel] = useState(initialLabel);
  const [keywords, setKeywords] = useState<string[]>([...initialKeywords]);
  const problem = newChoiceLabelProblem(label, taken);
  return (
    <div className="ne-stack">
      <InputField
        label="Choice label"
        value={label}
        onChange={setLabel}
        error={label.trim() ? (problem ?? undefined) : undefined}
      />
      <KeywordsField keywords={keywords} onChange={setKeywords} />
      <div className="ne-row ne-end">
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button
          size="sm"
          disabled={problem !== null}
          onClick={() => {
            onSubmit(label, keywords);
            if (!onCancel) {
              setLabel('');
              setKeywords([]);
            }
          }}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
