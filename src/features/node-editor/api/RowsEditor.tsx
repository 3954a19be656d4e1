import { Button } from '../../../ui';
import { useNodeEditor } from '../editor-context';
import { addRow, deleteRow, updateRow } from '../logic/rows';
import { InputField, SelectField } from '../widgets/fields';
import { ToolButton } from '../widgets/icons';

interface Row {
  name: string;
  value: string;
  type?: 'text' | 'file';
}

interface RowsEditorProps<R extends Row> {
  /** "Header", "Parameter", "Form field": names each row's inputs and buttons. */
  noun: string;
  /** The rows' path in the node, for their problems (`headers`, `params`, `api.data`). */
  field: string;
  rows: readonly R[];
  blank: () => R;
  onChange: (rows: R[]) => void;
}

/**
 * Name/value rows (spec 2 §3, §4, §5): both sides filled or both empty; deleting the last row
 * empties it rather than removing it. Form-data rows also choose text or file.
 */
export function RowsEditor<R extends Row>({ noun, field, rows, blank, onChange }: RowsEditorProps<R>) {
  const { errorAt } = useNodeEditor();
  const withType = rows.some((row) => row.type !== undefined);
  return (
    <div className="ne-stack" role="group" aria-label={`${noun}s`}>
      {rows.map((row, i) => (
        <div key={i} className="ne-row ne-align-start">
          <InputField
            label={`${noun} ${i + 1} name`}
            value={row.name}
            error={errorAt(`${field}.${i}.name`)}
            onChange={(name) => onChange(updateRow(rows, i, { name } as Partial<R>))}
          />
          <InputField
            label={`${noun} ${i + 1} value`}
            value={row.value}
            error={errorAt(`${field}.${i}.value`)}
            placeholder={row.type === 'file' ? '${{file_variable}}' : undefined}
            onChange={(value) => onChange(updateRow(rows, i, { value } as Partial<R>))}
          />
          {withType && (
            <SelectField
              label={`${noun} ${i + 1} type`}
              value={row.type ?? 'text'}
              options={[
                { value: 'text', label: 'Text' },
                { value: 'file', label: 'File' },
              ]}
              onChange={(type) => onChange(updateRow(rows, i, { type } as Partial<R>))}
            />
          )}
          <ToolButton
            icon="trash"
            tone="danger"
            className="ne-tool-field"
            label={`Delete ${noun.toLowerCase()} ${i + 1}`}
            onClick={() => onChange(deleteRow(rows, i, blank))}
          />
        </div>
      ))}
      <Button
        size="sm"
        variant="outline"
        className="ne-self-start"
        onClick={() => onChange(addRow(rows, blank))}
      >
        Add {noun.toLowerCase()}
      </Button>
    </div>
  );
}
