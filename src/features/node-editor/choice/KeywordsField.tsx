import { useState } from 'react';
import { newKeywordProblem } from '../../../core/validation';
import { Button } from '../../../ui';
import { InputField } from '../widgets/fields';
import { ToolButton } from '../widgets/icons';

/** A choice's keywords (spec 2 §5): Add is disabled while the text is empty; repeats are refused. */
export function KeywordsField({
  keywords,
  onChange,
}: {
  keywords: readonly string[];
  onChange: (keywords: string[]) => void;
}) {
  const [text, setText] = useState('');
  const problem = newKeywordProblem(text, keywords);
  const add = () => {
    if (problem) return;
    onChange([...keywords, text.trim()]);
    setText('');
  };
  return (
    <div className="ne-stack">
      {keywords.length > 0 && (
        <ul className="ne-chips" aria-label="Keywords">
          {keywords.map((keyword, i) => (
            <li key={`${keyword}-${i}`} className="ne-chip">
              {keyword}
              <ToolButton
                icon="x"
                label={`Remove keyword ${keyword}`}
                onClick={() => onChange(keywords.filter((_, k) => k !== i))}
              />
            </li>
          ))}
        </ul>
      )}
      <InputField
        label="Keyword"
        value={text}
        onChange={setText}
        placeholder="Another word that picks this choice"
        error={text.trim() ? (problem ?? undefined) : undefined}
        after={
          <Button size="sm" variant="outline" disabled={problem !== null} onClick={add}>
            Add keyword
          </Button>
        }
      />
    </div>
  );
}
