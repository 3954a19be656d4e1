// Drop-off arithmetic (issue 19 "Tests that must exist"): branches, loops, restarts, language
// changes and a session spanning two flow versions, against hand-counted figures.
import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  dropOff,
  dropOffSeverity,
  ReachedNodes,
  leftShare,
  linkWidth,
  maskAnswers,
  messageText,
  MASK,
  percentile,
  secretNames,
  type SessionState,
  type VisitEvent,
} from '../../src/core/analytics';
import { newNode, type FlowNode } from '../../src/core/flow';

let clock = 0;
/** A session's path: visits in order, each from the one before (null restarts the run). */
function walk(session: string, path: (string | null)[], options: Partial<VisitEvent> = {}): VisitEvent[] {
  const events: VisitEvent[] = [];
  let from: string | null = null;
  let restart = true;
  for (const node of path) {
    if (node === null) {
      restart = true;
      continue;
    }
    events.push({
      session,
      version: 1,
      flow: 'main',
      node,
      from: restart ? null : from,
      language: 'en',
      channel: 'web',
      at: clock++,
      ...options,
    });
    from = node;
    restart = false;
  }
  return events;
}

const figures = (result: ReturnType<typeof dropOff>) => Object.fromEntries(result.nodes);
const open = (...ids: string[]): SessionState[] => ids.map((session) => ({ session, ended: false }));

describe('drop-off per node', () => {
  it('splits guests at a branch and counts where each left', () => {
    // start → ask → (yes | no); a and b completed on yes, c stopped at ask, d at no.
    const events = [
      ...walk('a', ['start', 'ask', 'yes']),
      ...walk('b', ['start', 'ask', 'yes']),
      ...walk('c', ['start', 'ask']),
      ...walk('d', ['start', 'ask', 'no']),
    ];
    const sessions = [{ session: 'a', ended: true }, { session: 'b', ended: true }, ...open('c', 'd')];
    const result = dropOff(events, sessions, { version: 1 });
    expect(figures(result)).toEqual({
      start: { visits: 4, guests: 4, left: 0 },
      ask: { visits: 4, guests: 4, left: 1 },
      yes: { visits: 2, guests: 2, left: 0 },
      no: { visits: 1, guests: 1, left: 1 },
    });
    expect(Object.fromEntries(result.links)).toEqual({ 'start>ask': 4, 'ask>yes': 2, 'ask>no': 1 });
    expect(leftShare(result.nodes.get('ask')!)).toBe(0.25);
  });

  it('counts every pass of a loop as a visit and each guest once', () => {
    const events = walk('a', ['start', 'ask', 'retry', 'ask', 'retry', 'ask']);
    const result = dropOff(events, open('a'), { version: 1 });
    expect(result.nodes.get('ask')).toEqual({ visits: 3, guests: 1, left: 1 });
    expect(result.nodes.get('retry')).toEqual({ visits: 2, guests: 1, left: 0 });
    expect(result.links.get('retry>ask')).toBe(2);
    expect(leftShare(result.nodes.get('ask')!)).toBe(1);
  });

  it('takes a restart as no link, and the leaving node from the new run', () => {
    // Completed once, started again, stopped at the first question.
    const events = walk('a', ['start', 'ask', 'end', null, 'start', 'ask']);
    const result = dropOff(events, open('a'), { version: 1 });
    expect(result.links.get('end>start')).toBeUndefined();
    expect(result.links.get('start>ask')).toBe(2);
    expect(result.nodes.get('ask')).toEqual({ visits: 2, guests: 1, left: 1 });
    expect(result.nodes.get('end')).toEqual({ visits: 1, guests: 1, left: 0 });
  });

  it('counts visits in the language they happened in, and the leaving in the last one', () => {
    const events = [
      ...walk('a', ['start', 'lang']),
      ...walk('a', ['ask'], { language: 'fr', from: 'lang' } as Partial<VisitEvent>),
    ];
    events[2].from = 'lang';
    const en = dropOff(events, open('a'), { version: 1, language: 'en' });
    const fr = dropOff(events, open('a'), { version: 1, language: 'fr' });
    expect(figures(en)).toEqual({
      start: { visits: 1, guests: 1, left: 0 },
      lang: { visits: 1, guests: 1, left: 0 },
    });
    expect(figures(fr)).toEqual({ ask: { visits: 1, guests: 1, left: 1 } });
  });

  it('keeps a session spanning two versions apart: it leaves only in the version it stopped in', () => {
    const events = [...walk('a', ['start', 'ask']), ...walk('a', ['ask2', 'end2'], { version: 2 })];
    events[2].from = null;
    const v1 = dropOff(events, open('a'), { version: 1 });
    const v2 = dropOff(events, open('a'), { version: 2 });
    expect(figures(v1)).toEqual({
      start: { visits: 1, guests: 1, left: 0 },
      ask: { visits: 1, guests: 1, left: 0 },
    });
    expect(figures(v2)).toEqual({
      ask2: { visits: 1, guests: 1, left: 0 },
      end2: { visits: 1, guests: 1, left: 1 },
    });
  });

  it('filters by channel and flow', () => {
    const events = [
      ...walk('a', ['start']),
      ...walk('b', ['start'], { channel: 'telegram' }),
      ...walk('c', ['t1'], { flow: 'greeting' }),
    ];
    expect(dropOff(events, [], { version: 1, channel: 'telegram' }).nodes.get('start')?.visits).toBe(1);
    expect([...dropOff(events, [], { version: 1, flow: 'greeting' }).nodes.keys()]).toEqual(['t1']);
  });
});

describe('first visits (what the rollups add guests up from)', () => {
  const visits = (reached: ReachedNodes, version: number, nodes: [flow: string, node: string][]) => {
    reached.at(version);
    return nodes.map(([flow, node]) => reached.visit(flow, node));
  };

  it('flags each node once per version, loops included, and starts over in a new version', () => {
    const reached = ReachedNodes.of(undefined);
    expect(
      visits(reached, 1, [
        ['main', 'a'],
        ['main', 'b'],
        ['main', 'a'],
      ]),
    ).toEqual([true, true, false]);
    expect(
      visits(reached, 1, [
        ['main', 'b'],
        ['main', 'c'],
        ['sub', 'c'],
      ]),
    ).toEqual([false, true, true]);
    expect(visits(reached, 2, [['main', 'b']])).toEqual([true]);
    expect(reached.text()).toBe('["main:b"]');
  });

  it('starts from the stored row, and stores nothing when no new node is reached', () => {
    const stored = { version: '4', reached: '["main:a","main:b"]' }; // PostgreSQL's bigint as text
    const reached = ReachedNodes.of(stored);
    expect(
      visits(reached, 4, [
        ['main', 'b'],
        ['main', 'a'],
      ]),
    ).toEqual([false, false]);
    expect(reached.text()).toBeNull();
    expect(visits(reached, 4, [['main', 'c']])).toEqual([true]);
    expect(reached.text()).toBe('["main:a","main:b","main:c"]');
  });

  it('counts a stored list of another version, or none, or one unreadable, as nothing reached', () => {
    for (const stored of [
      { version: 3, reached: '["main:a"]' },
      { version: 4, reached: null },
      { version: 4, reached: 'not json' },
      { version: 4, reached: '[1,2]' },
    ]) {
      const reached = ReachedNodes.of(stored);
      expect(visits(reached, 4, [['main', 'a']])).toEqual([true]);
      expect(reached.text()).toBe('["main:a"]');
    }
  });

  it('writes an empty list when a new version brings no visit, so the old list is not kept for it', () => {
    const reached = ReachedNodes.of({ version: 1, reached: '["main:a"]' });
    reached.at(2);
    expect(reached.text()).toBe('[]');
  });

  it('flags the same way deep in a big flow (hundreds of nodes reached)', () => {
    const deep = JSON.stringify(Array.from({ length: 300 }, (_, i) => `main:n${i}`));
    const reached = ReachedNodes.of({ version: 1, reached: deep });
    expect(
      visits(reached, 1, [
        ['main', 'n299'],
        ['main', 'new'],
        ['main', 'new'],
      ]),
    ).toEqual([false, true, false]);
    expect(JSON.parse(reached.text()!)).toHaveLength(301);
  });
});

describe('severity, widths and figures', () => {
  it('grades the share who left', () => {
    expect([0, 0.05, 0.2, 0.5].map(dropOffSeverity)).toEqual(['none', 'low', 'medium', 'high']);
  });

  it('widens busier links, never past 10 px', () => {
    expect(linkWidth(0, 10)).toBe(1);
    expect(linkWidth(10, 10)).toBe(10);
    expect(linkWidth(1, 100)).toBeLessThan(linkWidth(50, 100));
  });

  it('takes percentiles by nearest rank', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(
      percentile(
        [...Array(100).keys()].map((i) => i + 1),
        95,
      ),
    ).toBe(95);
  });

  it('starts days at the author’s midnight', () => {
    const at = Date.UTC(2026, 10, 25, 23, 30);
    expect(bucketStart(at, 'hour')).toBe(Date.UTC(2026, 10, 25, 23));
    expect(bucketStart(at, 'day')).toBe(Date.UTC(2026, 10, 25));
    // UTC+1: 00:30 on the 26th locally.
    expect(bucketStart(at, 'day', 60)).toBe(Date.UTC(2026, 10, 25, 23));
  });
});

describe('answers in the results', () => {
  it('masks password variables and password fields of stored wizard forms', () => {
    const basic = newNode('basic', 'b', 0, 0, 'b') as FlowNode & { type: 'basic' };
    basic.entries = [{ type: 'variable', name: 'pin', default: '', variableType: 'password', wait: true }];
    const wizard = newNode('wizard', 'w', 0, 0, 'w') as FlowNode & { type: 'wizard' };
    wizard.wizard.fields = [{ id: 1, type: 'password', attr: 'secret', feedback: {} }] as never;
    const secrets = secretNames([basic, wizard]);
    expect([...secrets].sort()).toEqual(['pin', 'secret']);
    expect(
      maskAnswers({ pin: '1234', name: 'Ada', forms: [{ secret: 'x', email: 'a@b.c' }] }, secrets),
    ).toEqual({
      pin: MASK,
      name: 'Ada',
      forms: [{ secret: MASK, email: 'a@b.c' }],
    });
  });
});

describe('transcript text', () => {
  it('drops tags, names buttons and files', () => {
    expect(messageText('Welcome! <a href="#x">See your cart</a>')).toBe('Welcome! See your cart');
    expect(
      messageText([
        { id: 1, label: 'Celadon' },
        { id: 2, label: 'Cobalt' },
      ]),
    ).toBe('[Celadon] [Cobalt]');
    expect(messageText({ name: 'cup.png', id: 3 })).toBe('cup.png');
    expect(messageText({ a: 1 })).toBe('{"a":1}');
  });
});
