import { describe, expect, it } from 'vitest';
import {
  clipboardText,
  copyNodes,
  pasteNodes,
  readClipboard,
  type ClipboardSource,
} from '../../src/core/flow/clipboard/clipboard-format';
import { newNode, nodeTargets, type BasicNode } from '../../src/core/flow';
import { linkedFlow } from './flow-fixtures';

const source: ClipboardSource = {
  botId: 1,
  flowName: 'main',
  languages: [{ code: 'en' }, { code: 'fr' }],
  defaultLanguage: 'en',
};
let counter = 0;
const target = (names: string[] = [], languages = ['en', 'fr']) => ({
  names,
  newId: () => `new${++counter}`,
  at: { x: 1000, y: 1000 },
  languages,
  defaultLanguage: 'en',
});

describe('clipboard format', () => {
  it('round-trips through text and refuses anything else', () => {
    const data = copyNodes(linkedFlow(), ['a', 'b'], source);
    expect(readClipboard(clipboardText(data))).toEqual(data);
    expect(readClipboard('hello')).toBeNull();
    expect(readClipboard('{"kind":"other"}')).toBeNull();
    expect(readClipboard('{not json')).toBeNull();
    expect(readClipboard(JSON.stringify({ ...data, version: 99 }))).toBeNull();
    expect(readClipboard(JSON.stringify({ ...data, nodes: [{ id: 'x' }] }))).toBeNull();
  });

  it('keeps links inside the selection and drops links leaving it', () => {
    // api → a (success) and api → c (failure); copying api and a keeps only the success link.
    const data = copyNodes(linkedFlow(), ['api', 'a'], source);
    const api = data.nodes.find((n) => n.id === 'api')!;
    expect(nodeTargets(api)).toEqual(['a', 'a']);
    const a = data.nodes.find((n) => n.id === 'a')!;
    expect(nodeTargets(a)).toEqual([]); // a → b left the selection
  });

  it('pastes with new ids, links renamed, names de-duplicated and the part moved', () => {
    const data = copyNodes(linkedFlow(), ['api', 'a'], source);
    const pasted = pasteNodes(data, target(['Start', 'Start-copy']));
    const ids = pasted.nodes.map((n) => n.id);
    expect(ids.every((id) => id.startsWith('new'))).toBe(true);
    const newA = pasted.ids.get('a')!;
    const api = pasted.nodes.find((n) => n.id === pasted.ids.get('api'))!;
    expect(nodeTargets(api)).toEqual([newA, newA]);
    expect(pasted.nodes.find((n) => n.id === newA)!.name).toBe('Start-copy_1');
    expect(api.name).toBe('Fetch');
    // Middle of the part (0..0 wide, 0..100 tall) lands at 1000, 1000.
    expect(pasted.nodes.map((n) => [n.x, n.y])).toEqual([
      [1000, 950],
      [1000, 1050],
    ]);
  });

  it('names pasted twice in one paste do not collide with each other', () => {
    const a = newNode('basic', 'a', 0, 0, 'Same');
    const b = newNode('basic', 'b', 0, 0, 'Same');
    const pasted = pasteNodes(copyNodes([a, b], ['a', 'b'], source), target(['Same']));
    expect(pasted.nodes.map((n) => n.name)).toEqual(['Same-copy', 'Same-copy_1']);
  });

  it('leaves out the languages the target bot lacks, keeping the default, and says which', () => {
    const node = newNode('choice', 'q', 0, 0, 'Ask');
    node.message = { en: 'Hello', fr: 'Bonjour' };
    const basic = newNode('basic', 'm', 0, 0, 'Show') as BasicNode;
    basic.entries = [
      { type: 'content', content: { type: 'text', title: 'T', content: { en: 'Hi', fr: 'Salut' } } },
    ];
    const pasted = pasteNodes(copyNodes([node, basic], ['q', 'm'], source), target([], ['en']));
    expect(pasted.droppedLanguages).toEqual(['fr']);
    expect((pasted.nodes[0] as typeof node).message).toEqual({ en: 'Hello' });
    const entry = (pasted.nodes[1] as BasicNode).entries[0];
    expect(entry.type === 'content' && entry.content.content).toEqual({ en: 'Hi' });
    expect(pasteNodes(copyNodes([node], ['q'], source), target()).droppedLanguages).toEqual([]);
  });
});
