import { lazy, Suspense, useEffect } from 'react';
import { HTTP_METHODS, type ApiNode } from '../../../core/flow';
import { prettifyJsonBody } from '../../../core/validation';
import { useNodeEditor, type NodeEditorProps } from '../editor-context';
import { blankFormRow, blankRow } from '../logic/rows';
import { InputField, NodeNameField, Section, SelectField } from '../widgets/fields';
import { RadioGroup } from '../widgets/RadioGroup';
import { ResponseSettings } from './ResponseSettings';
import { RowsEditor } from './RowsEditor';

// CodeMirror loads only when an api node is opened.
const JsonBodyEditor = lazy(() => import('./JsonBodyEditor'));

const METHOD_OPTIONS = HTTP_METHODS.map((method) => ({ value: method, label: method.toUpperCase() }));
const BODY_TYPES = [
  { value: 'json' as const, label: 'JSON' },
  { value: 'form-data' as const, label: 'Form data' },
];

/**
 * Spec 2 §2 Api node: method, endpoint, headers, query parameters, the request body (not for
 * GET; JSON prettified as the author leaves it, keeping `${{...}}`, or form data) and the On API
 * Response settings. A JSON body that cannot be read blocks Confirm.
 */
export function ApiEditor({ node, edit }: NodeEditorProps<ApiNode>) {
  const { errorAt, setLocalProblem } = useNodeEditor();
  const sendsJson = node.api.method !== 'get' && node.api.bodyType === 'json';
  const parsed = sendsJson ? prettifyJsonBody(node.body) : null;
  const bodyError = parsed && !parsed.ok ? `Invalid JSON body: ${parsed.error.message}` : null;

  useEffect(() => {
    setLocalProblem('body', bodyError);
    return () => setLocalProblem('body', null);
  }, [bodyError, setLocalProblem]);

  const prettify = () => {
    const result = prettifyJsonBody(node.body);
    if (result.ok && result.text !== node.body)
      edit((draft) => {
        draft.body = result.text;
      });
  };

  return (
    <>
      <NodeNameField value={node.name} onChange={(name) => edit((d) => void (d.name = name))} />
      <div className="ne-row ne-align-start">
        <div className="ne-method">
          <SelectField
            label="Method"
            value={node.api.method}
            options={METHOD_OPTIONS}
            error={errorAt('api.method')}
            onChange={(method) => edit((d) => void (d.api.method = method))}
          />
        </div>
        <div className="ne-grow">
          <InputField
            label="Endpoint"
            value={node.api.url}
            placeholder="https://api.example.com/orders/${{order_id}}"
            error={errorAt('api.url')}
            onChange={(url) => edit((d) => void (d.api.url = url))}
          />
        </div>
      </div>
      <Section title="Headers">
        <RowsEditor
          noun="Header"
          field="headers"
          rows={node.headers}
          blank={blankRow}
          onChange={(rows) => edit((d) => void (d.headers = rows))}
        />
      </Section>
      <Section title="Query parameters">
        <RowsEditor
          noun="Parameter"
          field="params"
          rows={node.params}
          blank={blankRow}
          onChange={(rows) => edit((d) => void (d.params = rows))}
        />
      </Section>
      {node.api.method !== 'get' && (
        <Section title="Request body">
          <RadioGroup
            label="Body type"
            value={node.api.bodyType}
            options={BODY_TYPES}
            onChange={(type) => edit((d) => void (d.api.bodyType = type))}
          />
          {node.api.bodyType === 'json' ? (
            <Suspense fallback={<p className="ne-muted">Loading the editor…</p>}>
              <JsonBodyEditor
                label="JSON body"
                value={node.body}
                error={bodyError ?? undefined}
                onBlur={prettify}
                onChange={(body) => edit((d) => void (d.body = body))}
              />
            </Suspense>
          ) : (
            <RowsEditor
              noun="Form field"
              field="api.data"
              rows={node.api.data}
              blank={blankFormRow}
              onChange={(rows) => edit((d) => void (d.api.data = rows))}
            />
          )}
        </Section>
      )}
      <ResponseSettings node={node} edit={edit} />
    </>
  );
}
