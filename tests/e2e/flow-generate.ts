// A large, realistic flow for screenshots (and for anyone measuring the board): nodes of every
// type in rows read left to right, realistic names, choice options and about 1.2 links per node.
import { newNode, type FlowNode, type NodeType, type Slot } from '../../src/core/flow';

const TYPES: NodeType[] = [
  'basic',
  'basic',
  'choice',
  'api',
  'ai',
  'wizard',
  'basic',
  'call',
  'notification',
  'language-changer',
  'device-permission',
  'flow-template',
];
const WORDS = [
  'Greeting',
  'Order status',
  'Refund',
  'Shipping',
  'Ask email',
  'Check stock',
  'Store hours',
  'Handover',
  'Feedback',
  'Upsell',
  'Track parcel',
  'Payment',
];
const OPTIONS = ['Yes', 'No', 'Maybe later', 'Talk to a person'];

export function generateFlow(count: number, perRow = 40): FlowNode[] {
  const nodes: FlowNode[] = [];
  for (let i = 0; i < count; i++) {
    const type = TYPES[i % TYPES.length];
    const row = Math.floor(i / perRow);
    const column = i % perRow;
    const node = newNode(
      type,
      `g${i}`,
      column * 320,
      row * 220,
      `${WORDS[i % WORDS.length]} ${i}`,
    ) as FlowNode;
    node.isNew = false;
    if (type === 'choice') {
      const options: Slot[] = OPTIONS.slice(0, 2 + (i % 3)).map((name, k) => ({
        id: k + 1,
        node: null,
        option: { en: { name, alt: [] } },
      }));
      node.next = [...options, { id: 0, node: null }];
    }
    if (type === 'flow-template')
      (node as Extract<FlowNode, { type: 'flow-template' }>).templateName = 'Checkout';
    nodes.push(node);
  }
  // Each node leads to the next one in its row; every fourth also branches into the row below (a
  // choice option, an api failure, or a condition inserted before the default branch).
  nodes.forEach((node, i) => {
    const next = i + 1 < count && (i + 1) % perRow !== 0 ? nodes[i + 1].id : null;
    const below = i + perRow < count ? nodes[i + perRow].id : null;
    const twoWay = node.type === 'api' || node.type === 'device-permission';
    const main = twoWay ? node.next[0] : node.next[node.next.length - 1];
    main.node = next;
    if (i % 4 !== 0 || !below) return;
    if (node.type === 'choice' || twoWay) node.next[twoWay ? 1 : 0].node = below;
    else node.next.unshift({ id: 1, node: below, condition: { en: `order_total > ${i % 300}` } });
  });
  return nodes;
}
