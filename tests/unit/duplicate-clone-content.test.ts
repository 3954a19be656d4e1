import { describe, expect, it } from 'vitest';
import { newNode, newVariableEntry, type BasicNode, type Entry, type FlowNode } from '../../src/core/flow';
import { storedContentIds, withClonedContent } from '../../src/features/flow/duplicate/content-clone';

const image = (id: string | undefined, url: string): Entry =>
  ({
    type: 'content',
    content: { type: 'image', title: 'Logo', content: { en: url, fr: url }, ...(id && { id }) },
    reviewable: true,
  }) as Entry;

const carousel = (id: string, items: { id: string; url: string }[]): Entry =>
  ({
    type: 'content',
    content: {
      type: 'image-carousel',
      title: 'Shoes',
      id,
      content: { en: items.map((i) => ({ ...i, type: 'file' })) },
    },
  }) as Entry;

function basic(entries: Entry[]): BasicNode {
  const node = newNode('basic', 'n1', 0, 0, 'Welcome');
  return { ...node, entries };
}

function fileVariable(): Entry {
  return {
    ...newVariableEntry('invoice'),
    variableType: 'file',
    variable_id: 'f1',
    file: { id: 'f1', name: 'invoice.pdf', url: 'http://h/uploads/f1.pdf' },
  } as Entry;
}

describe('storedContentIds', () => {
  it('lists the stored elements of a basic node once each', () => {
    const node = basic([
      image('img1', 'http://h/uploads/a.png'),
      image(undefined, 'http://h/uploads/unsaved.png'),
      { type: 'content', content: { type: 'text', title: '', content: { en: 'Hi' } } } as Entry,
      carousel('car1', []),
      fileVariable(),
      { ...newVariableEntry('age'), variable_id: 'not-a-file' } as Entry,
      image('img1', 'http://h/uploads/a.png'),
      { type: 'delay', seconds: 1 },
    ]);
    expect(storedContentIds(node)).toEqual(['img1', 'car1', 'f1']);
  });

  it('answers nothing for a node with nothing stored or of another type', () => {
    expect(storedContentIds(basic([{ type: 'delay', seconds: 2 }]))).toEqual([]);
    expect(storedContentIds(newNode('api', 'a', 0, 0, 'Fetch'))).toEqual([]);
  });
});

describe('withClonedContent', () => {
  it('points images, carousels and file variables at their clones', () => {
    const node = basic([
      image('img1', 'http://h/uploads/a.png'),
      carousel('car1', [
        { id: 'i1', url: 'http://h/uploads/c1.png' },
        { id: 'i2', url: 'https://cdn.example.com/shoe.png' },
      ]),
      fileVariable(),
    ]);
    const copy = withClonedContent(node, [
      { id: 'img1', new_id: 'img2', path: 'http://h/uploads/a-copy.png' },
      {
        id: 'car1',
        new_id: 'car2',
        path: null,
        content: {
          en: [
            { id: 'i1', url: 'http://h/uploads/c1-copy.png' },
            { id: 'i2', url: 'https://cdn.example.com/shoe.png' },
          ],
        },
      },
      { id: 'f1', new_id: 'f2', path: 'http://h/uploads/f1-copy.pdf' },
    ]) as BasicNode;

    const [img, car, file] = copy.entries as [Entry, Entry, Entry];
    expect(img.type === 'content' && img.content).toMatchObject({
      id: 'img2',
      content: { en: 'http://h/uploads/a-copy.png', fr: 'http://h/uploads/a-copy.png' },
    });
    expect(car.type === 'content' && car.content.id).toBe('car2');
    expect(car.type === 'content' && (car.content.content.en as { url: string }[]).map((i) => i.url)).toEqual(
      ['http://h/uploads/c1-copy.png', 'https://cdn.example.com/shoe.png'],
    );
    expect(file).toMatchObject({
      variable_id: 'f2',
      file: { id: 'f2', name: 'invoice.pdf', url: 'http://h/uploads/f1-copy.pdf' },
    });
    // The original is untouched.
    expect((node.entries[0] as unknown as { content: { id: string } }).content.id).toBe('img1');
  });

  it('leaves elements the server did not clone as they are, and the node when nothing matched', () => {
    const node = basic([image('img1', 'http://h/uploads/a.png'), fileVariable()]);
    const partial = withClonedContent(node, [{ id: 'f1', new_id: 'f9', path: null }]) as BasicNode;
    expect(partial.entries[0]).toBe(node.entries[0]);
    expect(partial.entries[1]).toMatchObject({ variable_id: 'f9', file: { url: 'http://h/uploads/f1.pdf' } });
    expect(withClonedContent(node, [{ id: 'other', new_id: 'x', path: null }])).toBe(node);
    const api = newNode('api', 'a', 0, 0, 'Fetch') as FlowNode;
    expect(withClonedContent(api, [{ id: 'img1', new_id: 'x', path: null }])).toBe(api);
  });
});
