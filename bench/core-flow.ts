import { newNode, type Entry, type FlowNode, type NodeType, type Slot } from '../src/core/flow';
import type { ValidationContext } from '../src/core/validation';

// Inputs of the core bench: a generated flow shaped like a big real one, and a corpus of branch
// conditions as authors write them. A seeded generator keeps every run on the same data.

export const BENCH_CONTEXT: ValidationContext = {
  supportedLanguages: [
    { id: 1, code: 'ar' },
    { id: 2, code: 'en' },
    { id: 3, code: 'fr' },
  ],
  defaultLanguageCode: 'en',
  templateNames: ['onboarding', 'faq', 'checkout', 'support'],
  providers: [{ id: 'botflow-default' }],
  pushMessageTypes: ['WEATHER', 'NEWS', 'REMINDER'],
};

/** ~50 conditions of the kinds branches hold: comparisons, paths, predefined variables, logic. */
export const CONDITIONS = [
  'age >= 18',
  'age < 13 or age > 65',
  'country == "FR"',
  "country != 'US' and country != 'CA'",
  'ENVIRONMENT == "whatsapp"',
  'ENVIRONMENT == "web" or ENVIRONMENT == "telegram"',
  'ENV_COURSE_ID == 42',
  'ENV_COURSE_ID > 0 and enrolled',
  'USER_LAST_INPUT == "yes"',
  'USER_LAST_INPUT == "no" || USER_LAST_INPUT == "stop"',
  'USER_AI_QUERY != ""',
  'not WA_NUMBER',
  'WA_NUMBER and opted_in == True',
  'user.address.city == "Paris"',
  'user.profile.age >= 21 and user.profile.verified',
  'items[0].price > 100',
  'items[0].name == "Premium plan"',
  'cart.total * 1.2 > 250',
  'cart.items[1]["sku"] == "A-100"',
  '${{score}} >= 80',
  '${{user.name}} != null',
  '${{order.status}} == "shipped" and ${{order.days}} < 3',
  'score >= 50 and score < 80',
  '(score + bonus) / 2 >= 60',
  'attempts % 3 == 0',
  '-balance > limit',
  'balance - debt >= 0',
  'plan == "pro" or plan == "team" or plan == "enterprise"',
  'not (plan == "free")',
  '!subscribed && newsletter_prompted == False',
  'subscribed == true',
  'status == 200',
  'status >= 400 and status < 500',
  'status == 404 || status == 410',
  'response.data.count > 0',
  'response.data.items[0].id == selected_id',
  'response.error == Null',
  'latitude != null and longitude != null',
  'temperature > 30 and humidity >= 0.7',
  'temperature <= 0',
  'language == "fr" or language == "ar"',
  'first_name + " " + last_name == "Ada Lovelace"',
  'len_ok == True and len_ok != False',
  'quantity >= 1 and quantity <= 10',
  '1 <= rating <= 5',
  'rating < 3 and feedback_requested != true',
  'email != "" and phone != ""',
  "answer == 'B' or answer == 'b'",
  'round >= max_rounds',
  'consent and (age >= 16 or parental_consent)',
] as const;

export const CONDITION_VARIABLES: Readonly<Record<string, unknown>> = {
  age: 34,
  country: 'FR',
  ENVIRONMENT: 'web',
  ENV_COURSE_ID: 42,
  USER_LAST_INPUT: 'yes',
  USER_AI_QUERY: 'what are your opening hours?',
  WA_NUMBER: '',
  enrolled: true,
  opted_in: 'True',
  user: { name: 'Ada', address: { city: 'Paris' }, profile: { age: '36', verified: true } },
  items: [{ name: 'Premium plan', price: 129 }],
  cart: { total: 230, items: [{ sku: 'B-2' }, { sku: 'A-100' }] },
  score: '72',
  bonus: 10,
  attempts: 6,
  balance: 120,
  debt: 20,
  limit: -500,
  plan: 'team',
  subscribed: false,
  newsletter_prompted: false,
  status: 200,
  response: { data: { count: 2, items: [{ id: 7 }] }, error: null },
  selected_id: '7',
  latitude: 48.85,
  longitude: 2.35,
  temperature: 31,
  humidity: 0.72,
  language: 'fr',
  first_name: 'Ada',
  last_name: 'Lovelace',
  quantity: '3',
  rating: 4,
  email: 'ada@example.com',
  phone: '',
  answer: 'b',
  round: 2,
  max_rounds: 3,
  consent: true,
  parental_consent: false,
};

/** mulberry32: small, fast and good enough to pick among node shapes. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] };
}

// How often each type appears in a large real flow: mostly content, then choices and services.
const TYPE_WEIGHTS: [NodeType, number][] = [
  ['basic', 36],
  ['choice', 14],
  ['api', 8],
  ['wizard', 6],
  ['ai', 8],
  ['realtime-ai', 2],
  ['call', 3],
  ['language-changer', 3],
  ['device-permission', 4],
  ['notification', 4],
  ['flow-template', 4],
  ['dynamic', 1],
];

const LINKS_PER_NODE = 1.2;
/** One node in this many carries an author's slip (a blank title, a broken condition, …). */
const SLIP_EVERY = 25;

/** A flow of `count` nodes of mixed types with ~1.2 links per node; ~4% of nodes are invalid. */
export function generateFlow(count: number, seed = 7): FlowNode[] {
  const random = seeded(seed);
  const total = TYPE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const typeAt = (roll: number): NodeType => {
    let left = roll * total;
    for (const [type, weight] of TYPE_WEIGHTS) if ((left -= weight) < 0) return type;
    return 'basic';
  };
  const condition = () => {
    // Constants vary per branch, as in a real flow, so most condition texts are distinct.
    const text: string = random.pick(CONDITIONS);
    return text.replace(/\b\d+\b/, String(Math.floor(random.next() * 500)));
  };
  const nodes: FlowNode[] = [];
  for (let i = 0; i < count; i++) {
    const type = typeAt(random.next());
    const node = fill(
      newNode(type, `n${i}`, (i % 100) * 260, Math.floor(i / 100) * 180, `${type} ${i}`),
      random,
    );
    if (type !== 'choice' && random.next() < 0.25) {
      const branches: Slot[] = [{ id: 10, node: null, condition: { en: condition() } }];
      if (random.next() < 0.4) branches.push({ id: 11, node: null, condition: { en: condition() } });
      node.next = [...branches, ...node.next];
    }
    if (i % SLIP_EVERY === 3) slip(node);
    nodes.push(node);
  }
  const slots = nodes.reduce((sum, node) => sum + node.next.length, 0);
  const linkChance = Math.min(1, (LINKS_PER_NODE * count) / slots);
  for (const node of nodes) {
    for (const slot of node.next) if (random.next() < linkChance) slot.node = random.pick(nodes).id;
  }
  return nodes;
}

function slip(node: FlowNode): void {
  if (node.next[0]?.condition) node.next[0].condition.en = 'status == )';
  else if (node.type === 'flow-template') node.templateName = 'deleted_template';
  else node.name = '';
}

type Random = ReturnType<typeof seeded>;

function entriesFor(random: Random, index: number): Entry[] {
  const entries: Entry[] = [];
  const count = 1 + Math.floor(random.next() * 4);
  for (let k = 0; k < count; k++) {
    const kind = random.pick([
      'text',
      'text',
      'text',
      'image-link',
      'video-link',
      'variable',
      'delay',
      'carousel',
    ]);
    const title = `Step ${index}.${k}`;
    if (kind === 'delay') entries.push({ type: 'delay', seconds: 1.5 });
    else if (kind === 'variable') {
      entries.push({
        type: 'variable',
        name: `answer_${index}_${k}`,
        default: '',
        variableType: 'text',
        wait: true,
      });
    } else if (kind === 'carousel') {
      const items = [1, 2, 3].map((id) => ({
        id,
        type: 'url' as const,
        url: `https://cdn.example.com/p/${id}.jpg`,
      }));
      entries.push({ type: 'content', content: { type: 'image-carousel', title, content: { en: items } } });
    } else {
      const text = {
        text: `Hello \${{first_name}}, welcome to step ${index}! Here is what happens next.`,
        'image-link': 'https://cdn.example.com/images/banner.png',
        'video-link': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      }[kind]!;
      entries.push({
        type: 'content',
        content: { type: kind as 'text', title, content: { en: text, fr: text } },
        reviewable: true,
      });
    }
  }
  return entries;
}

/** The per-type fields an author would have filled in. */
function fill(node: FlowNode, random: Random): FlowNode {
  const i = Number(node.id.slice(1));
  switch (node.type) {
    case 'basic':
      node.entries = entriesFor(random, i);
      break;
    case 'choice': {
      node.message = { en: '<p>What would you like to do?</p>', fr: '<p>Que voulez-vous faire ?</p>' };
      const labels = ['Book a table', 'See the menu', 'Opening hours', 'Talk to someone'];
      const options: Slot[] = labels.slice(0, 2 + Math.floor(random.next() * 3)).map((label, k) => ({
        id: k + 2,
        node: null,
        option: {
          en: { name: label, alt: [label.split(' ')[0].toLowerCase(), `${k + 1}`] },
          fr: { name: `${label} (fr)` },
        },
      }));
      node.next = [...options, ...node.next];
      break;
    }
    case 'api':
      node.api = {
        ...node.api,
        method: 'post',
        url: 'https://api.example.com/v1/orders/${{order.id}}',
        bodyType: 'json',
      };
      node.headers = [
        { name: 'Authorization', value: 'Bearer ${{token}}' },
        { name: '', value: '' },
      ];
      node.body = '{"id": ${{order.id}}, "note": "rush"}';
      node.store = { ...node.store, name: 'order_response' };
      break;
    case 'wizard':
      node.wizard.fields = [
        { id: 1, type: 'text', attr: 'full_name', feedback: { en: 'Your name?' }, required: true },
        { id: 2, type: 'email', attr: 'email', feedback: { en: 'Your e-mail?' } },
        {
          id: 3,
          type: 'options',
          attr: 'size',
          feedback: { en: 'Which size?' },
          options: [
            { id: 1, label: { en: 'Small' }, value: 's' },
            { id: 2, label: { en: 'Large' }, value: 'l' },
          ],
        },
      ];
      break;
    case 'ai':
      node.prompt = { en: 'You answer questions about the restaurant, briefly and politely.' };
      node.waitForUserQuery = true;
      node.showMessage = true;
      node.message = { en: 'What would you like to know?' };
      break;
    case 'realtime-ai':
      node.prompt = { en: 'Hold a friendly voice conversation about bookings.' };
      break;
    case 'call':
      node.message = { en: 'Connecting you to an agent…' };
      node.subject = { en: 'Booking help' };
      node.providerId = 'botflow-default';
      break;
    case 'notification':
      node.template = { en: 'Good evening ${{first_name}}, here is the weather in ${{city}}.' };
      break;
    case 'flow-template':
      node.templateName = random.pick(BENCH_CONTEXT.templateNames);
      break;
    default:
      break;
  }
  return node;
}
