import { produce } from 'immer';
import { useCallback, useMemo, useState } from 'react';
import type { FlowNode } from '../../core/flow';
import { validateNode, type Problem, type ValidationContext } from '../../core/validation';
import type { EditNode } from './editor-context';

/** Keys of a record whose values are set, as a stable list. */
function setKeys(record: Record<string, unknown>): string[] {
  return Object.keys(record).filter((key) => record[key] !== undefined);
}

/**
 * The modal's editing state: a private copy of the node (nothing reaches the flow before
 * Confirm), its problems under spec 2 §5, and the work in progress Confirm waits for.
 */
export function useNodeDraft(node: FlowNode, validation: ValidationContext) {
  const [draft, setDraft] = useState<FlowNode>(() => structuredClone(node));
  const [busyKeys, setBusyKeys] = useState<Record<string, true | undefined>>({});
  const [local, setLocal] = useState<Record<string, string | undefined>>({});

  const edit: EditNode = useCallback((recipe) => setDraft((current) => produce(current, recipe)), []);
  const setBusy = useCallback(
    (key: string, busy: boolean) =>
      setBusyKeys((current) =>
        !!current[key] === busy ? current : { ...current, [key]: busy ? true : undefined },
      ),
    [],
  );
  const setLocalProblem = useCallback(
    (key: string, message: string | null) =>
      setLocal((current) =>
        current[key] === (message ?? undefined) ? current : { ...current, [key]: message ?? undefined },
      ),
    [],
  );

  // One node is cheap to check (microseconds), so the modal checks its draft on every change
  // in place rather than round-tripping to the worker per keystroke.
  const problems: Problem[] = useMemo(() => validateNode(draft, validation), [draft, validation]);
  const localProblems = setKeys(local).map((key) => ({ field: key, message: local[key]! }));
  const errorAt = useCallback(
    (field: string) => {
      if (field.endsWith('*')) {
        const prefix = field.slice(0, -1);
        return problems.find((p) => p.field.startsWith(prefix))?.message;
      }
      return problems.find((p) => p.field === field)?.message ?? local[field];
    },
    [problems, local],
  );

  const busy = setKeys(busyKeys).length > 0;
  return {
    draft,
    edit,
    problems,
    localProblems,
    errorAt,
    busy,
    setBusy,
    setLocalProblem,
    changed: JSON.stringify(draft) !== JSON.stringify(node),
    valid: problems.length === 0 && localProblems.length === 0,
  };
}
