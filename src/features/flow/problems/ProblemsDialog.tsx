import { useEffect, useRef } from 'react';
import { Button, Icon, Modal } from '../../../ui';
import { useFlow, useFlowEditor } from '../store/flow-context';
import { selectProblemList, type ProblemList } from '../store/flow-store';
import { groupByNode } from './group-problems';
import './problems.css';

/** The problems list while it is open (issue 13 §3); nothing otherwise. */
export function ProblemsDialogHost() {
  const list = useFlow(selectProblemList);
  return list ? <ProblemsDialog list={list} /> : null;
}

/**
 * What is wrong with the flow, node by node. Opened by Publish it asks "Publish anyway" or
 * "Cancel" (Escape and the close button cancel too); opened from the top bar's count it only
 * lists (closed by its close button or Escape). A click on a node closes the list and shows that
 * node on the board, selected.
 */
function ProblemsDialog({ list }: { list: ProblemList }) {
  const editor = useFlowEditor();
  const first = useRef<HTMLButtonElement>(null);
  const entries = groupByNode(list.problems);

  // After the Modal's own effect has opened it (a parent's effect runs after its children's), so
  // the browser's dialog focusing does not move focus back to the close button.
  useEffect(() => first.current?.focus(), []);

  return (
    <Modal
      title={list.publish ? 'Publish with problems?' : 'Problems in this flow'}
      onClose={editor.closeProblems}
      footer={
        list.publish ? (
          <>
            <Button variant="outline" onClick={editor.closeProblems}>
              Cancel
            </Button>
            <Button onClick={() => void editor.publishAnyway()}>Publish anyway</Button>
          </>
        ) : undefined
      }
    >
      <p className="flow-problems-message">{list.message}</p>
      <ul className="flow-problems" aria-label="Problems by node">
        {entries.map((entry, i) => (
          <li key={entry.nodeId}>
            <button
              ref={i === 0 ? first : undefined}
              type="button"
              className="flow-problem"
              title="Show this node on the board"
              onClick={() => editor.goToProblem(entry.nodeId)}
            >
              <Icon name="alert" size={18} className="flow-problem-icon" />
              <span className="flow-problem-body">
                <span className="flow-problem-node">{entry.title}</span>
                {entry.messages.map((message) => (
                  <span key={message} className="flow-problem-text">
                    {message}
                  </span>
                ))}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
