import { useEffect } from 'react';
import { useStore } from 'zustand';
import { LINT_RULES, type LintIssue } from '../../../core/lint';
import { Button, IconButton } from '../../../ui';
import { useToolEditor } from '../tools-context';
import './lint.css';

/**
 * Issue 20 §5: the lint panel beside the board. Lists what is wrong across the flow by rule; a
 * click on an issue selects its node and shows it, and a safe fix (if the rule has one) is one
 * click, recorded as one undoable change. Kept current by the worker as the author edits.
 */
export function LintPanel({ onClose }: { onClose(): void }) {
  const editor = useToolEditor();
  const issues = useStore(editor.lint.store, (s) => s.issues);
  useEffect(() => editor.lint.refresh(), [editor]);
  const groups = LINT_RULES.map((rule) => ({
    ...rule,
    issues: (issues ?? []).filter((issue) => issue.rule === rule.id),
  })).filter((group) => group.issues.length > 0);

  return (
    <aside className="side-panel flow-lint" aria-label="Lint">
      <header className="side-panel-head flow-lint-head">
        <h2>Lint</h2>
        <span className="flow-lint-total" role="status">
          {issues === null
            ? 'Checking…'
            : issues.length === 0
              ? 'Nothing to report'
              : `${issues.length} to look at`}
        </span>
        <IconButton icon="close" label="Close lint" size={16} onClick={onClose} />
      </header>
      <div className="flow-lint-body">
        {groups.map((group) => (
          <section key={group.id} className="flow-lint-group" aria-label={group.title}>
            <h3>
              {group.title} <span className="flow-lint-count">{group.issues.length}</span>
            </h3>
            <ul>
              {group.issues.slice(0, MAX_SHOWN).map((issue, i) => (
                <IssueRow key={`${issue.nodeId}-${i}`} issue={issue} />
              ))}
              {group.issues.length > MAX_SHOWN && (
                <li className="flow-lint-more">and {group.issues.length - MAX_SHOWN} more</li>
              )}
            </ul>
          </section>
        ))}
      </div>
    </aside>
  );
}

/** Per rule, so a 10,000-node flow with 5,000 unreachable nodes stays a list one can read. */
const MAX_SHOWN = 100;

function IssueRow({ issue }: { issue: LintIssue }) {
  const editor = useToolEditor();
  return (
    <li className="flow-lint-issue">
      <button type="button" className="flow-lint-go" onClick={() => editor.goToNode(issue.nodeId)}>
        {issue.message}
      </button>
      {issue.fix && (
        <Button size="sm" variant="outline" onClick={() => editor.applyFix(issue.nodeId, issue.fix!)}>
          {issue.fix.label}
        </Button>
      )}
    </li>
  );
}
