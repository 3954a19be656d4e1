import { describe, expect, it } from 'vitest';
import { newNode } from '../../src/core/flow';
import { boxesOverlap, nodeBox } from '../../src/features/flow/board/geometry';
import {
  newNodeSpot,
  keptSelection,
  newNodeId,
  newNodeName,
  parseLinkId,
} from '../../src/features/flow/store/selection';
import { acceptTemplateName, canDeleteFlow } from '../../src/features/flow/templates/template-rules';

describe('flow-template names (spec 2 §4)', () => {
  it('normalises the name it accepts', () => {
    expect(acceptTemplateName('  Order status!  ', [])).toBe('Order_status');
    expect(acceptTemplateName('2 step check-out', [])).toBe('_2_step_checkout');
  });

  it('refuses blank names, main and names already taken', () => {
    expect(acceptTemplateName('   ', [])).toBeNull();
    expect(acceptTemplateName('!!!', [])).toBeNull();
    expect(acceptTemplateName('main', [])).toBeNull();
    expect(acceptTemplateName('Order status', ['Order_status'])).toBeNull();
    expect(acceptTemplateName('order status', ['Order_status'])).toBe('order_status');
  });

  it('never lets main be deleted', () => {
    expect(canDeleteFlow('main')).toBe(false);
    expect(canDeleteFlow('Order_status')).toBe(true);
  });
});

describe('new nodes', () => {
  it('are named after their type with the first free number', () => {
    const nodes = [newNode('basic', 'a', 0, 0, 'Basic 1'), newNode('basic', 'b', 0, 0, 'Basic 3')];
    expect(newNodeName('Basic', nodes)).toBe('Basic 2');
    expect(newNodeName('API', nodes)).toBe('API 1');
  });

  it('get ids no other node has', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newNodeId()));
    expect(ids.size).toBe(2000);
  });

  it('go to the middle of the view when free, else to the nearest free spot without overlapping', () => {
    const basic = newNode('basic', 'a', 0, 0);
    // Centred on the asked point: the node's box (slots included) has its middle there.
    const first = newNodeSpot(basic, [], { x: 500, y: 300 });
    const box = nodeBox({ ...basic, ...first });
    expect([(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2]).toEqual([500, 300]);
    const nodes = [{ ...basic, ...first }];
    const spot = newNodeSpot(basic, nodes, { x: 500, y: 300 });
    expect(boxesOverlap(nodeBox({ ...basic, ...spot }), box)).toBe(false);
    const api = newNode('api', 'b', 0, 0);
    const placed = [...nodes, { ...basic, id: 'c', ...spot }];
    const third = newNodeSpot(api, placed, { x: 500, y: 300 });
    for (const node of placed) expect(boxesOverlap(nodeBox({ ...api, ...third }), nodeBox(node))).toBe(false);
  });
});

describe('selection', () => {
  const a = { ...newNode('basic', 'a', 0, 0), next: [{ id: 0, node: 'b' }] };
  const b = newNode('choice', 'b', 300, 0);

  it('reads link ids back into node and slot', () => {
    expect(parseLinkId('a:0')).toEqual({ from: 'a', slotId: 0 });
    expect(parseLinkId('node:with:colons:12')).toEqual({ from: 'node:with:colons', slotId: 12 });
    expect(parseLinkId('nonsense')).toBeNull();
    expect(parseLinkId('a:x')).toBeNull();
  });

  it('keeps what still exists and drops what does not', () => {
    const selection = { nodeId: 'b', linkId: null };
    expect(keptSelection([a, b], selection)).toBe(selection);
    expect(keptSelection([a], selection)).toEqual({ nodeId: null, linkId: null });
    expect(keptSelection([a, b], { nodeId: null, linkId: 'a:0' })).toEqual({ nodeId: null, linkId: 'a:0' });
    expect(
      keptSelection([{ ...a, next: [{ id: 0, node: null }] }, b], { nodeId: null, linkId: 'a:0' }),
    ).toEqual({
      nodeId: null,
      linkId: null,
    });
    expect(keptSelection([a], { nodeId: null, linkId: 'a:0' }).linkId).toBeNull();
  });
});
