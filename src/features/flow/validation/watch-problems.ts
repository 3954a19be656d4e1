// Keeps the board's invalid-node marks (FlowState.problems) in step with the flow. The editor's
// actions say what happened — a load, an edit, an undo or redo — and the worker validates the
// whole flow after a load, only the nodes touched after the others. Nothing crosses to the worker
// but ids.
import type { FlowChange, FlowDiff, NodeId } from '../../../core/flow';
import type { Problem, ValidationContext } from '../../../core/validation';
import type { EngineClient } from '../store/engine-client';
import type { FlowState, FlowStore } from '../store/flow-store';
import { idsOfChanges, idsOfDiff, mergeProblems } from './node-problems';
import { validationContextOf } from './validation-context';

/**
 * The app's bot and session stores, imported on first use: flow-editor.ts is also imported by the
 * bench under Node for its mark names, and the bots store reads local storage as it is created.
 */
function appStores() {
  return Promise.all([import('../../bots'), import('../../../api/session-store')]).then(
    ([bots, session]) => ({ useBotsStore: bots.useBotsStore, useSessionStore: session.useSessionStore }),
  );
}
type AppStores = Awaited<ReturnType<typeof appStores>>;

function contextNow({ useBotsStore, useSessionStore }: AppStores, state: FlowState): ValidationContext {
  const bots = useBotsStore.getState();
  return validationContextOf({
    bot: bots.bots.find((b) => b.id === (state.botId ?? bots.activeBotId)) ?? null,
    allLanguages: useSessionStore.getState().languages,
    templates: state.templates,
    providers: state.providers,
    pushMessageTypes: state.pushMessageTypes,
  });
}

/** What the editor tells the problem marks, from its own actions (flow-editor.ts). */
export interface ProblemWatch {
  /** The engine was given a whole flow: validate all of it once that load is done. */
  loaded(load: Promise<unknown>): void;
  /** An edit was recorded: validate the nodes it touched. */
  changed(changes: readonly FlowChange[]): void;
  /** An undo or redo applied a diff: validate the nodes it touched. */
  stepped(diff: FlowDiff | null): void;
  stop(): void;
}

export function watchProblems(engine: EngineClient, store: FlowStore): ProblemWatch {
  let pending: Set<NodeId> | null = null;
  let pushed = '';
  let stopped = false;
  const unsubscribe: (() => void)[] = [];
  const stores = appStores();

  const report = (error: unknown) => console.error('Unable to validate the flow', error);
  const apply = (answer: Map<NodeId, Problem[]>, whole: boolean) => {
    const problems = mergeProblems(store.getState().problems, answer, whole);
    if (problems !== store.getState().problems) store.setState({ problems });
  };

  /** Sends the context when it differs from the worker's; answers whether it did. */
  const pushContext = (app: AppStores): boolean => {
    const context = contextNow(app, store.getState());
    const key = JSON.stringify(context);
    if (key === pushed) return false;
    pushed = key;
    engine.setValidationContext(context).catch(report);
    return true;
  };
  const validateAll = () =>
    void stores.then((app) => {
      if (stopped) return;
      pushContext(app);
      engine.validate().then((answer) => apply(answer, true), report);
    }, report);
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
  void stores.then((app) => {
    if (stopped) return;
    const recheck = () => {
      if (store.getState().status === 'ready' && pushContext(app)) validateAll();
    };
    unsubscribe.push(
      store.subscribe((state, before) => {
        if (
          state.templates !== before.templates ||
          state.providers !== before.providers ||
          state.pushMessageTypes !== before.pushMessageTypes
        )
          recheck();
      }),
      app.useBotsStore.subscribe((state, before) => state.bots !== before.bots && recheck()),
      app.useSessionStore.subscribe((state, before) => state.languages !== before.languages && recheck()),
    );
  }, report);

  return {
    loaded(load) {
      // Once loaded the page has stored the flow's templates and lists: validate with them.
      load.then(validateAll, () => {});
    },
    changed: (changes) => validateSoon(idsOfChanges(changes)),
    stepped: (diff) => diff && validateSoon(idsOfDiff(diff)),
    stop() {
      stopped = true;
      for (const stop of unsubscribe) stop();
    },
  };
}
