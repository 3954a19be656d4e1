import type { Bot } from '../../../core/bot/types';
import {
  clipboardText,
  copyNodes,
  pasteNodes,
  readClipboard,
  type ClipboardData,
  type ClipboardSource,
} from '../../../core/flow/clipboard/clipboard-format';
import type { FlowNode } from '../../../core/flow';
import { useBotsStore } from '../../bots';
import { languageLabel } from '../../../core/bot/language-label';
import { cloneContent, type CloneScope } from '../duplicate/clone-api';
import { storedContentIds, withClonedContent, type ClonedElement } from '../duplicate/content-clone';
import { nodeBox } from '../board/geometry';
import { MAIN_FLOW } from '../flow-api';
import type { FlowEditor } from '../store/flow-editor';
import { newNodeId, selectedIds } from '../store/selection';
import { PASTE_DRAWN_MEASURE, PASTE_MEASURE } from '../tool-measures';

// Issue 20 §3: Ctrl/Cmd+C and V on the board, through the system clipboard as versioned JSON
// (src/core/flow/clipboard). A paste adds every node in one change, selected together; stored
// content (texts, images, carousels, file variables) is cloned into the target bot first.

/** The server clones at most this many elements per call (MAX_CLONE_IDS). */
const CLONE_BATCH = 200;
/** A duplicated group sits this far right of and below the original (spec 2 §9, as one node's). */
const DUPLICATE_OFFSET = 20;

/** The middle of the nodes' corners on one axis (what pasteNodes moves to the spot). */
function middle(nodes: readonly FlowNode[], axis: 'x' | 'y'): number {
  let min = Infinity;
  let max = -Infinity;
  for (const node of nodes) {
    min = Math.min(min, node[axis]);
    max = Math.max(max, node[axis]);
  }
  return (min + max) / 2;
}

function languagesOf(bot: Bot | undefined): ClipboardSource['languages'] {
  return (bot?.languages ?? []).map((language) => ({ code: language.code, name: language.name }));
}

function defaultCodeOf(bot: Bot | undefined): string {
  return bot?.languages.find((language) => language.id === bot.language)?.code ?? 'en';
}

const scopeOf = (botId: number, flowName: string): CloneScope => ({
  botId,
  template: flowName === MAIN_FLOW ? null : flowName,
});

async function cloneAll(target: CloneScope, ids: string[], from?: CloneScope): Promise<ClonedElement[]> {
  const clones: ClonedElement[] = [];
  for (let i = 0; i < ids.length; i += CLONE_BATCH) {
    clones.push(...(await cloneContent(target, ids.slice(i, i + CLONE_BATCH), from)));
  }
  return clones;
}

export function createClipboardActions(editor: FlowEditor) {
  const { store } = editor;
  const botOf = (id: number | null) => useBotsStore.getState().bots.find((bot) => bot.id === id);
  const notify = (kind: 'warning' | 'error' | 'success', text: string) =>
    store.setState({ notice: { kind, text } });

  /** The selection as clipboard data, or null when nothing is selected. */
  function copied(): ClipboardData | null {
    const state = store.getState();
    const ids = selectedIds(state);
    if (ids.length === 0) return null;
    const bot = botOf(state.botId);
    return copyNodes(state.nodes, ids, {
      botId: state.botId,
      flowName: state.flowName,
      languages: languagesOf(bot),
      defaultLanguage: defaultCodeOf(bot),
    });
  }

  /**
   * Adds the clipboard's nodes around `at` (the middle of the view by default) as one change and
   * selects them. Answers false when there was nothing to paste.
   */
  async function pasteData(
    data: ClipboardData,
    at?: { x: number; y: number },
    started = performance.now(),
  ): Promise<boolean> {
    const state = store.getState();
    if (state.status !== 'ready' || state.botId === null) return false;
    const { botId, flowName } = state;
    const bot = botOf(botId);
    at ??= freeSpotFor(data.nodes);
    const pasted = pasteNodes(data, {
      names: state.nodes.map((node) => node.name),
      newId: newNodeId,
      at,
      languages: languagesOf(bot).map((language) => language.code),
      defaultLanguage: defaultCodeOf(bot),
    });
    let nodes: FlowNode[] = pasted.nodes;
    const stored = [...new Set(nodes.flatMap(storedContentIds))];
    if (stored.length > 0) {
      // Cloned even within one flow, so the copies' content can change without touching the originals'.
      const source = data.source;
      const sameFlow = source.botId === botId && source.flowName === flowName;
      const from = sameFlow || source.botId === null ? undefined : scopeOf(source.botId, source.flowName);
      try {
        const clones = await cloneAll(scopeOf(botId, flowName), stored, from);
        nodes = nodes.map((node) => withClonedContent(node, clones));
      } catch (error) {
        notify('error', error instanceof Error ? error.message : 'Unable to copy the node content');
        return false;
      }
      const now = store.getState();
      // The board moved on meanwhile (another bot or flow): the copies are not for this board.
      if (now.botId !== botId || now.flowName !== flowName) return false;
    }
    const pasteStarted = stored.length > 0 ? performance.now() : started;
    editor.edit(nodes.map((node) => ({ type: 'add' as const, node })));
    editor.selectNodes(
      nodes.map((node) => node.id),
      nodes[0]?.id ?? null,
    );
    performance.measure(PASTE_MEASURE, { start: pasteStarted, detail: nodes.length });
    // Konva draws the board in the next frame, before this callback (requested after its own).
    requestAnimationFrame(() =>
      performance.measure(PASTE_DRAWN_MEASURE, { start: pasteStarted, detail: nodes.length }),
    );
    if (pasted.droppedLanguages.length > 0) {
      const names = pasted.droppedLanguages.map((code) => {
        const name = data.source.languages.find((language) => language.code === code)?.name;
        return name ? languageLabel(name) : code;
      });
      notify(
        'warning',
        `This bot has no ${names.join(', ')}: the pasted texts in ${names.length > 1 ? 'those languages' : 'it'} were left out and the default language kept.`,
      );
    }
    return true;
  }

  /** Where a pasted part's middle goes: the free area its size needs nearest the view's middle. */
  function freeSpotFor(nodes: readonly FlowNode[]): { x: number; y: number } {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const node of nodes) {
      const box = nodeBox(node);
      minX = Math.min(minX, box.minX);
      minY = Math.min(minY, box.minY);
      maxX = Math.max(maxX, box.maxX);
      maxY = Math.max(maxY, box.maxY);
    }
    const spot = editor.freeSpotFor(maxX - minX, maxY - minY);
    // pasteNodes centres the nodes' x/y corners; the box reaches past them by the slots and heights.
    return {
      x: spot.x - (maxX + minX) / 2 + middle(nodes, 'x'),
      y: spot.y - (maxY + minY) / 2 + middle(nodes, 'y'),
    };
  }

  return {
    /** The clipboard text of the selection (the board's copy event puts it on the clipboard). */
    copyText(): string | null {
      const data = copied();
      return data && clipboardText(data);
    },
    /** The toolbar's Copy: the selection onto the system clipboard. */
    async copy(): Promise<void> {
      const data = copied();
      if (!data) return;
      try {
        await navigator.clipboard.writeText(clipboardText(data));
        notify('success', `Copied ${data.nodes.length === 1 ? '1 node' : `${data.nodes.length} nodes`}`);
      } catch {
        notify('error', 'Unable to copy to the clipboard');
      }
    },
    /** Pastes `text` when it is a BotFlow clipboard; any other text does nothing. */
    pasteText(text: string): Promise<boolean> {
      const started = performance.now();
      const data = readClipboard(text);
      return data ? pasteData(data, undefined, started) : Promise.resolve(false);
    },
    /** Duplicates the selected group, links between its nodes kept, 20 right and below. */
    async duplicateGroup(): Promise<void> {
      const data = copied();
      if (!data) return;
      const xs = data.nodes.map((node) => node.x);
      const ys = data.nodes.map((node) => node.y);
      const middle = {
        x: (Math.min(...xs) + Math.max(...xs)) / 2 + DUPLICATE_OFFSET,
        y: (Math.min(...ys) + Math.max(...ys)) / 2 + DUPLICATE_OFFSET,
      };
      await pasteData(data, middle);
    },
  };
}
