import {
  applyChanges,
  applyDiff,
  indexLinks,
  type FlowChange,
  type FlowNode,
  type HistoryState,
  type NodeId,
} from '../../../core/flow';
import {
  problemCount,
  problemsOfChecked,
  publishProblemsMessage,
  type FlowProblem,
} from '../../../core/validation';
import * as flowApi from '../flow-api';
import { MAIN_FLOW } from '../flow-api';
import { mergeProblems } from '../validation/node-problems';
import { watchProblems } from '../validation/watch-problems';
import { whenIdle } from '../when-idle';
import { startEngine } from './engine-client';
import { createFlowStore, EMPTY_HISTORY, initialFlowState, NO_GROUP, type FlowStore } from './flow-store';
import { createPlacementActions, type BoardPort } from './placement-actions';
import { keptGroup, keptSelection, NO_SELECTION, type Selection } from './selection';
import { createSelectionActions } from './selection-actions';
import { createTemplateActions } from './template-actions';

export type { BoardPort } from './placement-actions';

/** A flow's nodes as opened; the main flow also brings its version, templates and lists. */
interface Opened {
  nodes: FlowNode[];
  flow?: flowApi.LoadedFlow;
}

/** Performance marks around opening a flow (read by the bench: data received → first full draw). */
export const FLOW_RECEIVED_MARK = 'botflow:flow-received';
export const FLOW_DRAWN_MARK = 'botflow:flow-drawn';
/**
 * Performance measures the bench reads: one edit's main-thread time (an add's spot and name
 * chosen, applied to the store, the board updated, handed to the worker; `detail` is the change
 * type), and an undo or redo from the
 * call to the board showing its result, worker round trip included.
 */
export const EDIT_MEASURE = 'botflow:edit';
export const STEP_MEASURE = { undo: 'botflow:undo', redo: 'botflow:redo' } as const;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * One flow editor: its store, its engine worker and every action the page and the board call.
 * An edit is applied to the store at once (applyChanges) and the same change list goes to the
 * worker, which records history as diffs; undo and redo come back as diffs (applyDiff). The whole
 * flow crosses to the worker only when a flow is opened or published.
 *
 * The node list always enters the store as a plain partial state, never through an immer recipe:
 * a recipe walks every object newly put into the draft (10,000 nodes) looking for nested drafts.
 */
export function createFlowEditor() {
  const store: FlowStore = createFlowStore();
  const running = startEngine();
  const { engine } = running;
  const problems = watchProblems(engine, store);
  const stop = () => {
    problems.stop();
    running.stop();
  };
  const get = store.getState;
  const set = store.setState;
  let board: BoardPort | null = null;
  // Undo and redo answer asynchronously; edits made meanwhile wait behind them so that each diff
  // meets the nodes it was computed from.
  let queue: Promise<void> = Promise.resolve();
  let stepsInFlight = 0;
  let openToken = 0;

  const setHistory = (history: HistoryState) =>
    set((s) => {
      s.history = history;
    });
  const fail = (error: unknown, fallback: string) => {
    console.error(error);
    set((s) => {
      s.notice = { kind: 'error', text: messageOf(error, fallback) };
    });
  };

  /**
   * Once the page is idle, gives the flow on the board an index of its links: deleting a node then
   * finds the links to it without reading the whole flow (applyChanges and applyDiff carry the
   * index from list to list; until it exists, a delete scans).
   */
  function indexLinksSoon(): void {
    whenIdle(() => {
      if (get().status === 'ready') indexLinks(get().nodes);
    });
  }

  /** `started`: when the edit's main-thread work began (an add first picks its spot and name). */
  function applyEdit(changes: FlowChange[], select?: Selection, started = performance.now()): void {
    const before = get().nodes;
    const nodes = applyChanges(before, changes);
    if (nodes === before) return;
    const { history } = get();
    set({
      nodes,
      selection: keptSelection(nodes, select ?? get().selection),
      group: select ? NO_GROUP : keptGroup(nodes, get().group),
      // Shown at once; the worker's answer below replaces it with the exact counts.
      history: { ...history, canUndo: true, canRedo: false, hasChanges: true },
    });
    engine.record(changes).then(setHistory, (error) => fail(error, 'Unable to record the change'));
    problems.changed(changes);
    performance.measure(EDIT_MEASURE, { start: started, detail: changes[0].type });
  }

  function edit(changes: FlowChange[], select?: Selection, started?: number): void {
    if (get().status !== 'ready' || changes.length === 0) return;
    if (stepsInFlight > 0) queue = queue.then(() => applyEdit(changes, select));
    else applyEdit(changes, select, started);
  }

  function step(kind: 'undo' | 'redo'): void {
    if (get().status !== 'ready') return;
    const started = performance.now();
    stepsInFlight += 1;
    queue = queue
      .then(async () => {
        const diff = await engine[kind]();
        problems.stepped(diff);
        if (diff) {
          const nodes = applyDiff(get().nodes, diff);
          set({
            nodes,
            selection: keptSelection(nodes, get().selection),
            group: keptGroup(nodes, get().group),
          });
          performance.measure(STEP_MEASURE[kind], { start: started });
        }
        setHistory(await engine.state());
      })
      .catch((error) => fail(error, `Unable to ${kind}`))
      .finally(() => {
        stepsInFlight -= 1;
      });
  }

  /** Shows `nodes` as the flow `flowName`, with history starting afresh from them. */
  async function show(token: number, flowName: string, load: () => Promise<Opened>) {
    // Outside the recipe: immer drafts no Set without its MapSet plugin.
    set({ group: NO_GROUP });
    set((s) => {
      s.status = 'loading';
      s.notice = null;
      s.selection = NO_SELECTION;
      s.problemList = null;
    });
    try {
      const loaded = await load();
      if (token !== openToken) return;
      performance.mark(FLOW_RECEIVED_MARK);
      // Not awaited: the worker handles calls in order, so any edit recorded from now on reaches
      // it after this load, and the board can draw while the worker copies the flow.
      const loading = engine.load(loaded.nodes);
      problems.loaded(loading);
      loading.then(
        (history) => token === openToken && setHistory(history),
        (error) => fail(error, 'Unable to load the flow'),
      );
      const { flow } = loaded;
      indexLinksSoon();
      set({
        flowName,
        nodes: loaded.nodes,
        history: EMPTY_HISTORY,
        status: 'ready',
        opened: get().opened + 1,
        ...(flow && {
          version: flow.version,
          templates: flow.templates,
          providers: flow.providers,
          pushMessageTypes: flow.pushMessageTypes,
        }),
      });
    } catch (error) {
      if (token !== openToken) return;
      fail(error, 'Unable to load the flow');
      set((s) => {
        s.status = 'error';
      });
    }
  }

  const loadMain = async (botId: number) => {
    const flow = await flowApi.fetchFlow(botId);
    return { nodes: flow.nodes, flow } satisfies Opened;
  };

  /** Opens the main flow of `botId` (a bot chosen, or the page opened). */
  function openBot(botId: number): Promise<void> {
    const token = ++openToken;
    set((s) => ({ ...initialFlowState(), botId, opened: s.opened }));
    return show(token, MAIN_FLOW, () => loadMain(botId));
  }

  /** Switches the board to the main flow or to a flow template of the current bot. */
  function openFlow(name: string): Promise<void> {
    const botId = get().botId;
    if (botId === null) return Promise.resolve();
    const token = ++openToken;
    return show(token, name, async () =>
      name === MAIN_FLOW ? loadMain(botId) : { nodes: await flowApi.fetchTemplate(botId, name) },
    );
  }

  /**
   * Everything wrong with the flow on the board now, validated whole by the worker (after any
   * undo or redo still on its way); the board's marks are brought in step with the answer.
   */
  async function problemsNow(): Promise<FlowProblem[]> {
    await queue;
    const checked = await engine.validate();
    const problems = mergeProblems(get().problems, checked, true);
    if (problems !== get().problems) set({ problems });
    return problemsOfChecked(get().nodes, checked);
  }

  function openProblems(problems: readonly FlowProblem[], message: string, publish: boolean): void {
    set({ problemList: { problems: [...problems], message, publish } });
  }

  /**
   * Publishes the flow on the board (issue 13 §3). A flow with problems is not sent: the problems
   * list opens and asks to publish anyway or cancel. `allowInvalid` is the author's "publish
   * anyway"; the server, which runs the same validation, is told so too. A 422 from the server
   * (its context saw something the editor's did not) opens the same list.
   */
  async function publish({
    allowInvalid = false,
    nodes,
  }: {
    allowInvalid?: boolean;
    /** Publish these nodes rather than the board's (a roll back, issue 20 §4). */
    nodes?: FlowNode[];
  } = {}): Promise<boolean> {
    const { botId, flowName, publishing, status } = get();
    if (botId === null || publishing || status !== 'ready') return false;
    set((s) => {
      s.publishing = true;
      s.notice = null;
      s.problemList = null;
    });
    try {
      await queue;
      const onBoard = get().nodes;
      const sent = nodes ?? onBoard;
      if (!allowInvalid) {
        const problems = await problemsNow();
        if (get().nodes !== onBoard || get().flowName !== flowName) return false;
        if (problems.length > 0) {
          openProblems(problems, publishProblemsMessage(problems.length), true);
          return false;
        }
      }
      let saved: FlowNode[] | null;
      if (flowName === MAIN_FLOW) {
        const answer = await flowApi.publishFlow(botId, sent, get().version, { allowInvalid });
        saved = answer.nodes;
        set((s) => {
          s.version = answer.version;
          // A translation that failed does not fail the publish, but the author should know.
          if (answer.translation && !answer.translation.done) {
            s.notice = { kind: 'warning', text: answer.translation.message };
          }
        });
      } else {
        saved = await flowApi.saveTemplate(botId, flowName, sent);
      }
      // Edits made while the request ran are not published: they stay as unsaved changes.
      if (get().nodes !== onBoard || get().flowName !== flowName) return true;
      if (saved) {
        // The server's nodes (its ids and translated fields) become the new starting point.
        const reload = engine.load(saved);
        problems.loaded(reload);
        const history = await reload;
        indexLinksSoon();
        set({ nodes: saved, selection: keptSelection(saved, get().selection), history });
      } else {
        setHistory(await engine.clear());
      }
      return true;
    } catch (error) {
      if (error instanceof flowApi.FlowCallError && error.problems.length > 0) {
        openProblems(error.problems, error.message, true);
      } else {
        fail(error, 'Unable to publish the flow');
      }
      return false;
    } finally {
      set((s) => {
        s.publishing = false;
      });
    }
  }

  /** Opens the problems list to review (the top bar's count); nothing opens when there are none. */
  async function reviewProblems(): Promise<void> {
    if (get().status !== 'ready') return;
    const problems = await problemsNow();
    if (problems.length === 0) set({ problemList: null });
    else openProblems(problems, `This flow has ${problemCount(problems.length)}.`, false);
  }

  /** A problem clicked in the list: the list closes and the board shows its node, selected. */
  function goToProblem(id: NodeId): void {
    if (!get().nodes.some((node) => node.id === id)) return;
    set({ problemList: null, selection: { nodeId: id, linkId: null } });
    board?.centreOn?.(id);
  }

  return {
    store,
    engine,
    edit: (changes: FlowChange[], select?: Selection) => edit(changes, select),
    undo: () => step('undo'),
    redo: () => step('redo'),
    beginGesture: () => void engine.beginGesture().catch((e) => fail(e, 'Unable to record the change')),
    endGesture: () =>
      void engine.endGesture().then(setHistory, (e) => fail(e, 'Unable to record the change')),
    dismissNotice: () =>
      set((s) => {
        s.notice = null;
      }),
    attachBoard(port: BoardPort | null) {
      board = port;
    },
    openBot,
    openFlow,
    publish: () => publish(),
    publishAnyway: () => publish({ allowInvalid: true }),
    /** Publishes `nodes` (a version rolled back to) as a new version, from the version on the board. */
    publishNodes: (nodes: FlowNode[]) => publish({ nodes, allowInvalid: true }),
    reviewProblems,
    closeProblems: () => set({ problemList: null }),
    goToProblem,
    /** Selects a node and brings it into view at a readable zoom (search, lint, problems). */
    goToNode: goToProblem,
    ...createSelectionActions(store, (changes, select) => edit(changes, select)),
    ...createPlacementActions(store, edit, () => board),
    ...createTemplateActions(store, openFlow, fail),
    stop,
  };
}

export type FlowEditor = ReturnType<typeof createFlowEditor>;
