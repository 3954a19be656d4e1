import type { DelayEntry, FlowNode, NodeId, NodeOfType, NodeType, Slot, VariableEntry } from './schema';

// Spec 2 §9 "Default new-node values". Each factory returns a fresh object: nothing here is shared
// between nodes, so a later edit of one node can never reach another.

/** Every node type an author can add from the Node dropdown, in the dropdown's order. */
export const ADDABLE_NODE_TYPES = [
  'basic',
  'choice',
  'api',
  'wizard',
  'ai',
  'realtime-ai',
  'call',
  'language-changer',
  'device-permission',
  'notification',
  'flow-template',
] as const satisfies readonly NodeType[];

export const DEFAULT_SLOT_ID = 0;
/** The failure slot of api and device-permission nodes (spec 2 §3): id 1, always last. */
export const FAILURE_SLOT_ID = 1;

/** Default new-node values of spec 2 §9. */
export const NODE_DEFAULTS = {
  apiRetries: 3,
  apiRetryDelay: 1,
  wizardIterations: 3,
  wizardOffsite: 1,
  wizardStoreName: 'wizard_list',
  pushMessageType: 'WEATHER',
  notificationStartAt: '18:00',
  notificationFrequency: 24,
  language: 2,
  delaySeconds: 0.5,
  latName: 'latitude',
  longName: 'longitude',
  callerName: 'Guest',
  variableType: 'text',
} as const;

const slot = (id: number): Slot => ({ id, node: null });
const failureSlot = (): Slot => ({ id: FAILURE_SLOT_ID, node: null, onFailure: true });
const emptyResources = () => ({
  NLPResources: { files: [], links: [], videos: [] },
  resources: { files: [], links: [], videos: [] },
});

type Fields<T extends NodeType> = Omit<
  NodeOfType<T>,
  'id' | 'name' | 'type' | 'x' | 'y' | 'next' | 'input' | 'isNew'
>;

/** The per-type fields of a new node. */
const FIELDS: { [T in NodeType]: () => Fields<T> } = {
  basic: () => ({ entries: [] }),
  choice: () => ({ message: { en: '' } }),
  api: () => ({
    api: {
      method: 'get',
      url: '',
      bodyType: 'json',
      data: [{ name: '', value: '', type: 'text' }],
      retries: NODE_DEFAULTS.apiRetries,
      retryDelay: NODE_DEFAULTS.apiRetryDelay,
    },
    headers: [{ name: '', value: '' }],
    params: [{ name: '', value: '' }],
    body: '',
    showResult: false,
    store: { name: '', statusCodeVariable: '', successTarget: null, failureTarget: null },
  }),
  wizard: () => ({
    wizard: { iterations: NODE_DEFAULTS.wizardIterations, offsite: NODE_DEFAULTS.wizardOffsite, fields: [] },
    store: { name: NODE_DEFAULTS.wizardStoreName },
  }),
  ai: () => ({
    prompt: { en: '' },
    message: { en: '' },
    systemInstructions: { en: '' },
    waitForUserQuery: false,
    showMessage: false,
    useNLPResources: true,
    ...emptyResources(),
    hideAIResponse: false,
    AIResponseVariable: '',
    expectJSONReply: false,
    realtimeMode: false,
  }),
  'realtime-ai': () => ({
    prompt: { en: '' },
    hideAIResponse: false,
    useNLPResources: true,
    ...emptyResources(),
    waitForUserInteraction: false,
  }),
  call: () => ({
    message: { en: '' },
    providerId: null,
    callerName: NODE_DEFAULTS.callerName,
    subject: { en: '' },
    description: { en: '' },
  }),
  'language-changer': () => ({ language: NODE_DEFAULTS.language, rememberPreference: false }),
  'device-permission': () => ({
    request: 'geolocation',
    latName: NODE_DEFAULTS.latName,
    longName: NODE_DEFAULTS.longName,
  }),
  notification: () => ({
    pushMessageType: NODE_DEFAULTS.pushMessageType,
    template: { en: '' },
    startAt: NODE_DEFAULTS.notificationStartAt,
    frequency: NODE_DEFAULTS.notificationFrequency,
  }),
  'flow-template': () => ({ templateName: '' }),
  dynamic: () => ({}),
};

/** The slots a new node starts with: api and device-permission end with their failure slot. */
function initialSlots(type: NodeType): Slot[] {
  if (type === 'api' || type === 'device-permission') return [slot(DEFAULT_SLOT_ID), failureSlot()];
  // choice: the one slot is the trailing no-match slot; options are inserted before it.
  return [slot(DEFAULT_SLOT_ID)];
}

/** A new node of `type` at (x, y) with the defaults of spec 2 §9, not linked anywhere. */
export function newNode<T extends NodeType>(
  type: T,
  id: NodeId,
  x: number,
  y: number,
  name = '',
): NodeOfType<T> {
  const fields = FIELDS[type]() as Fields<T>;
  return {
    id,
    name,
    type,
    x,
    y,
    next: initialSlots(type),
    input: null,
    isNew: true,
    ...fields,
  } as NodeOfType<T>;
}

/** A new delay entry for a basic node (spec 2 §9: 0.5 seconds). */
export function newDelayEntry(): DelayEntry {
  return { type: 'delay', seconds: NODE_DEFAULTS.delaySeconds };
}

/** A new variable entry for a basic node (spec 2 §9: type text). */
export function newVariableEntry(name = ''): VariableEntry {
  return { type: 'variable', name, default: '', variableType: NODE_DEFAULTS.variableType, wait: false };
}

/** Type guard kept next to the defaults: is this node one of the two with a failure slot? */
export function hasFailureSlot(node: FlowNode): boolean {
  return node.type === 'api' || node.type === 'device-permission';
}
