import { versionSummary } from '../../../core/flow/version-summary';
import * as flowApi from '../flow-api';
import { MAIN_FLOW } from '../flow-api';
import type { FlowEditor } from '../store/flow-editor';
import { NO_GROUP } from '../store/flow-store';
import { NO_SELECTION } from '../store/selection';
import { VERSION_FETCH_MEASURE, VERSION_OPEN_MEASURE } from '../tool-measures';

/**
 * Issue 20 §4: open a published version read-only on the board, its changes against the current
 * draft highlighted (the selection outline marks every node of the version that differs or the
 * draft lacks); close it to get the draft back exactly as it was; roll back to it, which publishes
 * its nodes as a new version from the version on the board (409 when someone published meanwhile).
 */
export function createVersionActions(editor: FlowEditor) {
  const { store } = editor;
  let asked = 0;

  async function openVersion(version: number): Promise<void> {
    const state = store.getState();
    if (state.botId === null || state.flowName !== MAIN_FLOW) return;
    if (state.status !== 'ready' && state.status !== 'viewing') return;
    const started = performance.now();
    const ticket = ++asked;
    try {
      const answer = await flowApi.fetchVersion(state.botId, version);
      const received = performance.now();
      performance.measure(VERSION_FETCH_MEASURE, { start: started, end: received });
      const now = store.getState();
      if (ticket !== asked || now.botId !== state.botId) return;
      const draft = now.viewing?.draft ?? now.nodes;
      const diff = versionSummary(draft, answer.nodes);
      store.setState({
        status: 'viewing',
        nodes: answer.nodes,
        selection: NO_SELECTION,
        group: new Set([...diff.added, ...diff.changed]),
        viewing: {
          version,
          author: answer.version.author_name,
          createdAt: answer.version.created_at,
          draft,
          // Seen from the draft: what the version has that the draft does not, and the reverse.
          changed: diff.changed.length,
          added: diff.added.length,
          removed: diff.removed.length,
        },
      });
      requestAnimationFrame(() => performance.measure(VERSION_OPEN_MEASURE, { start: received }));
    } catch (error) {
      console.error(error);
      store.setState({
        notice: {
          kind: 'error',
          text: error instanceof Error ? error.message : 'Unable to load this version',
        },
      });
    }
  }

  /** Back to the draft, as it was. */
  function closeVersion(): void {
    const { viewing } = store.getState();
    if (!viewing) return;
    ++asked;
    store.setState({
      status: 'ready',
      nodes: viewing.draft,
      viewing: null,
      group: NO_GROUP,
      selection: NO_SELECTION,
    });
  }

  /** Publishes `version`'s nodes as a new version; answers whether it was published. */
  async function rollBack(version: number): Promise<boolean> {
    const state = store.getState();
    if (state.botId === null) return false;
    const answer = await flowApi.fetchVersion(state.botId, version).catch((error: unknown) => {
      console.error(error);
      store.setState({ notice: { kind: 'error', text: 'Unable to load this version' } });
      return null;
    });
    if (!answer) return false;
    closeVersion();
    const done = await editor.publishNodes(answer.nodes);
    if (done) store.setState({ notice: { kind: 'success', text: `Rolled back to version ${version}` } });
    return done;
  }

  return { openVersion, closeVersion, rollBack };
}
