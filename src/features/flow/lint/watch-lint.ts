import { createStore } from 'zustand/vanilla';
import type { LintIssue } from '../../../core/lint';
import { MAIN_FLOW } from '../flow-api';
import type { FlowEditor } from '../store/flow-editor';

/** The lint panel's state: the issues as last linted (null before the first answer). */
export interface LintState {
  issues: LintIssue[] | null;
}

/** Quiet time after an edit before the worker re-lints (typing a name is one lint, not ten). */
const LINT_DELAY_MS = 150;

/**
 * Keeps the lint panel's issues in step with the flow (issue 20 §5): after each edit, undo, redo
 * or new validation marks, the worker lints its replica (per-node rules cached there, so only the
 * edited nodes are re-read) and the answer replaces the list. Runs off the main thread.
 */
export function watchLint(editor: FlowEditor) {
  const store = createStore<LintState>()(() => ({ issues: null }));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let asked = 0;
  const run = () => {
    timer = null;
    const ticket = ++asked;
    // A flow template's paths end by going back to the flow that ran it (not a dead end).
    const template = editor.store.getState().flowName !== MAIN_FLOW;
    editor.engine.lint({ template }).then(
      (issues) => ticket === asked && store.setState({ issues }),
      (error) => console.error(error),
    );
  };
  const soon = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(run, LINT_DELAY_MS);
  };
  const unsubscribe = editor.store.subscribe((state, before) => {
    if (state.status !== 'ready') return;
    if (state.nodes !== before.nodes || state.problems !== before.problems || state.status !== before.status)
      soon();
  });
  return {
    store,
    /** Lints now (the panel opened). */
    refresh: soon,
    stop() {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    },
  };
}
