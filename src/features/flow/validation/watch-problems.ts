// Keeps the board's invalid-node marks (FlowState.problems) in step with the flow, by watching the
// calls the editor makes to its engine: after a load the worker validates the whole flow, after
// an edit, undo or redo only the nodes it touched. Nothing crosses to the worker but ids.
import type { FlowChange, FlowDiff, FlowNode, NodeId } from '../../../core/flow';
import type { Problem, ValidationContext } from '../../../core/validation';
import { useSessionStore } from '../../../app/stores/session-store';
import { useBotsStore } from '../../bots/bots-store';
import type { EngineClient, RunningEngine } from '../store/engine-client';
import type { FlowState, FlowStore } from '../store/flow-store';
import { idsOfChanges, idsOfDiff, mergeProblems } from './node-problems';
import { validationContextOf } from './validation-context';

function contextNow(state: FlowState): ValidationContext {
  const bots = useBotsStore.getState();
  return validationContextOf({
    bot: bots.bots.find((b) => b.id === (state.botId ?? bots.activeBotId)) ?? null,
    allLanguages: useSessionStore.getState().languages,
    templates: state.templates,
    providers: state.providers,
    pushMessageTypes: state.pushMessageTypes,
  });
}

/** Wraps a started engine so that every load, edit, undo and redo refreshes the marks. */
export function watchProblems(running: RunningEngine, store: FlowStore): RunningEngine {
  const { engine } = running;
  let pending: Set<NodeId> | null = null;
  let pushed = '';

  const report = (error: unknown) => console.error('Unable to validate the flow', error);
  const apply = (answer: Map<NodeId, Problem[]>, whole: boolean) => {
    const problems = mergeProblems(store.getState().problems, answer, whole);
    if (problems !== store.getState().problems) store.setState({ problems });
  };

  /** Sends the context when it differs from the worker's; answers whether it did. */
  const pushContext = (): boolean => {
    const context = contextNow(store.getState());
    const key = JSON.stringify(context);
    if (key === pushed) return false;
    pushed = key;
    engine.setValidationContext(context).catch(report);
    return true;
  };
  const validateAll = () => {
    pushContext();
    engine.validate().then((answer) => apply(answer, true), report);
  };
  // Ids gathered over one task go in one call, after the edit's own work (not inside its measure).
  const validateSoon = (ids: NodeId[]) => {
    if (ids.length === 0) return;
    if (!pending) {
      pending = new Set();
      queueMicrotask(() => {
        const batch = [...pending!];
        pending = null;
        engine.validate(batch).then((answer) => apply(answer, false), report);
      });
    }
    for (const id of ids) pending.add(id);
  };

  // A bot's languages, a new template or the lists changing can change every node's validity.
  const recheck = () => {
    if (store.getState().status === 'ready' && pushContext()) validateAll();
  };
  const stopFlow = store.subscribe((state, before) => {
    if (
      state.templates !== before.templates ||
      state.providers !== before.providers ||
      state.pushMessageTypes !== before.pushMessageTypes
    )
      recheck();
  });
  const stopBots = useBotsStore.subscribe((state, before) => state.bots !== before.bots && recheck());
  const stopLanguages = useSessionStore.subscribe(
    (state, before) => state.languages !== before.languages && recheck(),
  );

  const watched: Partial<EngineClient> = {
    record(changes: readonly FlowChange[]) {
      const answer = engine.record(changes);
      validateSoon(idsOfChanges(changes));
      return answer;
    },
    async undo() {
      const diff: FlowDiff | null = await engine.undo();
      if (diff) validateSoon(idsOfDiff(diff));
      return diff;
    },
    async redo() {
      const diff: FlowDiff | null = await engine.redo();
      if (diff) validateSoon(idsOfDiff(diff));
      return diff;
    },
    load(nodes: readonly FlowNode[]) {
      const answer = engine.load(nodes);
      // Once loaded the page has stored the flow's templates and lists: validate with them.
      answer.then(validateAll, () => {});
      return answer;
    },
  };
  // A Proxy rather than a copy: the engine may be a Comlink proxy, whose methods cannot be listed.
  const wrapped = new Proxy(engine, {
    get: (target, key) => watched[key as keyof EngineClient] ?? target[key as keyof EngineClient],
  });
  return {
    engine: wrapped,
    stop() {
      stopFlow();
      stopBots();
      stopLanguages();
      running.stop();
    },
  };
}
