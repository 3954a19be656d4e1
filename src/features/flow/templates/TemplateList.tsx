import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Button, IconButton } from '../../../ui';
import { MAIN_FLOW } from '../flow-api';
import { useFlow, useFlowEditor } from '../store/flow-context';
import { selectFlowName, selectHasChanges, selectTemplates } from '../store/flow-store';
import { FlowIcon } from '../toolbar/flow-icons';
import { useDismiss } from '../toolbar/use-dismiss';
import { confirmDiscard, LEAVE_PAGE_PROMPT } from '../../../ui/unsaved-changes';
import { acceptTemplateName, canDeleteFlow } from './template-rules';

/**
 * The flow-template list (spec 2 §4): main first, then the bot's templates. Choosing one loads its
 * nodes on the board (publishing then saves that template); templates are added by name and
 * deleted here; main cannot be deleted.
 */
export function TemplateList() {
  const editor = useFlowEditor();
  const flowName = useFlow(selectFlowName);
  const templates = useFlow(selectTemplates);
  const hasChanges = useFlow(selectHasChanges);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const names = [MAIN_FLOW, ...templates.map((t) => t.name)];
  const accepted = acceptTemplateName(draft, names);

  const choose = (name: string) => {
    if (name === flowName) return setOpen(false);
    // Switching drops the board's unsaved edits, so it asks as leaving the page does.
    if (!confirmDiscard(hasChanges, LEAVE_PAGE_PROMPT)) return;
    setOpen(false);
    void editor.openFlow(name);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted || adding) return;
    setAdding(true);
    if (await editor.addTemplate(draft)) setDraft('');
    setAdding(false);
  };

  return (
    <div className="flow-menu-anchor" ref={ref}>
      <Button
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="Flow templates"
      >
        <FlowIcon name="layers" />
        <span className="flow-current-name">{flowName}</span>
      </Button>
      {open && (
        <div className="menu flow-templates" role="dialog" aria-label="Flow templates">
          <ul className="flow-template-items">
            {names.map((name) => (
              <li key={name} className="flow-template-item">
                <button
                  type="button"
                  className="menu-item flow-template-name"
                  aria-current={name === flowName ? 'true' : undefined}
                  onClick={() => choose(name)}
                >
                  {name}
                </button>
                {canDeleteFlow(name) && (
                  <IconButton
                    icon="close"
                    size={16}
                    label={`Delete template ${name}`}
                    onClick={() => void editor.deleteTemplate(name)}
                  />
                )}
              </li>
            ))}
          </ul>
          <form className="flow-template-add" onSubmit={add}>
            <input
              className="input"
              aria-label="Template name"
              placeholder="New template name"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit" size="sm" disabled={!accepted} loading={adding}>
              Add
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}
