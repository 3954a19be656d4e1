import { Switch } from '../../../ui';
import { useState } from 'react';
import { VARIABLE_TYPES, type VariableEntry } from '../../../core/flow';
import { isFileVariableAccepted } from '../../../core/validation';
import { newContentId, uploadFileVariable } from '../content-api';
import { useNodeEditor } from '../editor-context';
import { withVariableType } from '../logic/entries';
import { InputField, SelectField, VariableNameField } from '../widgets/fields';
import { ToolButton } from '../widgets/icons';
import { UploadDropzone } from '../widgets/UploadDropzone';
import type { EntryFormProps } from './entry-form-types';

const TYPE_LABELS: Record<VariableEntry['variableType'], string> = {
  text: 'Text',
  number: 'Number',
  password: 'Password',
  json: 'JSON',
  bool: 'Boolean',
  file: 'File',
  variable: 'Variable',
};
const TYPE_OPTIONS = VARIABLE_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

/**
 * Variable element (spec 2 §3, §5): a name (normalised as typed), a type, whether it waits for
 * the user's input, and otherwise its default — typed by kind, an object path for type variable,
 * or an uploaded file (gif, jpeg, png, pdf) for type file.
 */
export function VariableForm({
  entry,
  change,
  errorAt,
  checkKey,
}: EntryFormProps<VariableEntry> & { checkKey: string }) {
  const type = entry.variableType;
  return (
    <>
      <VariableNameField
        label="Variable name"
        value={entry.name}
        error={errorAt('name')}
        hint={entry.name ? `Use it as \${{${entry.name}}}` : undefined}
        onChange={(name) =>
          change((e) => {
            e.name = name;
          })
        }
      />
      <SelectField
        label="Variable type"
        value={type}
        options={TYPE_OPTIONS}
        onChange={(next) => change((e) => withVariableType(e as VariableEntry, next))}
      />
      {type !== 'variable' && (
        <Switch
          label="Wait for input"
          checked={entry.wait}
          onChange={(wait) =>
            change((e) => {
              e.wait = wait;
            })
          }
        />
      )}
      {!entry.wait && <DefaultValue entry={entry} change={change} errorAt={errorAt} checkKey={checkKey} />}
    </>
  );
}

function DefaultValue({
  entry,
  change,
  errorAt,
  checkKey,
}: EntryFormProps<VariableEntry> & { checkKey: string }) {
  const setDefault = (value: string) =>
    change((e) => {
      e.default = value;
    });
  const error = errorAt('default');
  switch (entry.variableType) {
    case 'file':
      return <FileValue entry={entry} change={change} errorAt={errorAt} checkKey={checkKey} />;
    case 'bool':
      return (
        <SelectField
          label="Default value"
          value={entry.default as 'True' | 'False' | ''}
          placeholder="Choose True or False"
          options={[
            { value: 'True', label: 'True' },
            { value: 'False', label: 'False' },
          ]}
          error={error}
          onChange={setDefault}
        />
      );
    case 'json':
      return (
        <InputField
          label="Default value"
          type="textarea"
          rows={4}
          value={entry.default}
          error={error}
          onChange={setDefault}
          placeholder='{"items": []}'
        />
      );
    case 'variable':
      return (
        <InputField
          label="Variable path"
          value={entry.default}
          error={error}
          onChange={setDefault}
          placeholder="user.address.city"
        />
      );
    case 'password': {
      const shown = !!entry.showPassword;
      return (
        <InputField
          label="Default value"
          type={shown ? 'text' : 'password'}
          value={entry.default}
          error={error}
          onChange={setDefault}
          after={
            <ToolButton
              icon="eye"
              label={shown ? 'Hide password' : 'Show password'}
              onClick={() =>
                change((e) => {
                  e.showPassword = !shown;
                })
              }
            />
          }
        />
      );
    }
    default:
      return <InputField label="Default value" value={entry.default} error={error} onChange={setDefault} />;
  }
}

function FileValue({
  entry,
  change,
  errorAt,
  checkKey,
}: EntryFormProps<VariableEntry> & { checkKey: string }) {
  const { scope, setBusy } = useNodeEditor();
  const [state, setState] = useState<{ uploading: boolean; error: string | null }>({
    uploading: false,
    error: null,
  });
  const upload = async (file: File) => {
    if (!scope) return setState({ uploading: false, error: 'Choose a bot before uploading files' });
    const variableId = entry.variable_id ? String(entry.variable_id) : newContentId();
    setState({ uploading: true, error: null });
    setBusy(`${checkKey}-file`, true);
    try {
      const stored = await uploadFileVariable(scope, { variableId, file, replace: !!entry.file });
      change((e) => {
        e.variable_id = stored.id;
        e.file = { name: stored.name, id: stored.id, url: stored.url };
      });
      setState({ uploading: false, error: null });
    } catch (error) {
      setState({
        uploading: false,
        error: error instanceof Error ? error.message : 'Unable to upload the file',
      });
    } finally {
      setBusy(`${checkKey}-file`, false);
    }
  };
  const error = state.error ?? errorAt('file');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <span className="field-label">File</span>
      <UploadDropzone
        label="Variable file"
        kind="file"
        disabled={state.uploading}
        accept={(file) => isFileVariableAccepted(file.type)}
        onFiles={([file]) => void upload(file)}
      />
      {entry.file && <p className="field-hint">Current file: {entry.file.name}</p>}
      {state.uploading && <p className="field-hint">Uploading…</p>}
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
