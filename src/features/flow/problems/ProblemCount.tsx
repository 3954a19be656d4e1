import { problemCount } from '../../../core/validation';
import { Icon } from '../../../ui';
import { useFlow, useFlowEditor } from '../store/flow-context';
import { selectProblemTotal, selectStatus } from '../store/flow-store';
import './problems.css';

/**
 * The top bar's count of the flow's problems, kept current by the worker's marks (issue 13 §3):
 * "3 problems" opens the list; none shows a quiet "No problems".
 */
export function ProblemCount() {
  const editor = useFlowEditor();
  const total = useFlow(selectProblemTotal);
  const ready = useFlow(selectStatus) === 'ready';
  if (!ready) return null;
  if (total === 0) {
    return (
      <span className="flow-problem-count flow-problem-count-none">
        <Icon name="checkCircle" size={16} />
        No problems
      </span>
    );
  }
  return (
    <button
      type="button"
      className="flow-problem-count"
      aria-haspopup="dialog"
      title="Show the problems of this flow"
      onClick={() => void editor.reviewProblems()}
    >
      <Icon name="alert" size={16} />
      {problemCount(total)}
    </button>
  );
}
