import { describe, expect, it } from 'vitest';
import { newNode, type FlowNode } from '../../src/core/flow';
import { validateNode, type ValidationContext } from '../../src/core/validation';

// The node types that configure a service or a setting: ai, realtime-ai, call, device-permission,
// notification, language-changer, flow-template (and dynamic, which has no form).

const context: ValidationContext = {
  supportedLanguages: [
    { id: 2, code: 'en' },
    { id: 3, code: 'fr' },
  ],
  defaultLanguageCode: 'en',
  templateNames: ['onboarding', 'faq'],
  providers: [{ id: 'botflow-default' }, { id: 7 }],
  pushMessageTypes: ['WEATHER', 'NEWS'],
};

const problemsOf = (node: FlowNode, ctx = context) =>
  validateNode(node, ctx).map((p) => `${p.field}: ${p.message}`);

describe('ai node', () => {
  const ai = (fields: Partial<Extract<FlowNode, { type: 'ai' }>> = {}) => ({
    ...newNode('ai', 'ai1', 0, 0, 'Assistant'),
    prompt: { en: 'Answer questions about our menu.' },
    ...fields,
  });

  it('passes with a default-language prompt', () => {
    expect(problemsOf(ai())).toEqual([]);
  });

  it('needs the default-language prompt', () => {
    expect(problemsOf(ai({ prompt: { en: ' ', fr: 'Répondez' } }))).toEqual([
      'prompt.en: AI prompt is required',
    ]);
  });

  it('needs the message only when it waits for the query and shows a message', () => {
    expect(problemsOf(ai({ waitForUserQuery: true, showMessage: true }))).toEqual([
      'message.en: Message is required',
    ]);
    expect(problemsOf(ai({ waitForUserQuery: true, showMessage: true, message: { en: 'Ask me' } }))).toEqual(
      [],
    );
    expect(problemsOf(ai({ waitForUserQuery: true, showMessage: false }))).toEqual([]);
    expect(problemsOf(ai({ waitForUserQuery: false, showMessage: true }))).toEqual([]);
  });
});

describe('realtime-ai node', () => {
  it('needs a name and a prompt', () => {
    const node = { ...newNode('realtime-ai', 'r1', 0, 0, 'Voice'), prompt: { en: 'Talk' } };
    expect(problemsOf(node)).toEqual([]);
    expect(problemsOf({ ...node, name: '', prompt: { en: '' } })).toEqual([
      'name: Name is required',
      'prompt.en: Prompt is required',
    ]);
  });
});

describe('call node', () => {
  const call = (fields: Partial<Extract<FlowNode, { type: 'call' }>> = {}) => ({
    ...newNode('call', 'k1', 0, 0, 'Support call'),
    message: { en: 'Connecting you now' },
    subject: { en: 'Support' },
    providerId: 7,
    ...fields,
  });

  it('passes with message, subject, caller name and a known provider', () => {
    expect(problemsOf(call())).toEqual([]);
    expect(problemsOf(call({ providerId: 'botflow-default' }))).toEqual([]);
  });

  it('needs message, subject and caller name', () => {
    expect(problemsOf(call({ message: { en: '' }, subject: { en: '' }, callerName: ' ' }))).toEqual([
      'message.en: Waiting message is required',
      'subject.en: Call subject is required',
      'callerName: Caller name is required',
    ]);
  });

  it('needs one of the providers when any exist, and none otherwise', () => {
    expect(problemsOf(call({ providerId: null }))).toEqual(['providerId: Choose a call provider']);
    expect(problemsOf(call({ providerId: 'gone' }))).toEqual(['providerId: Choose a call provider']);
    expect(problemsOf(call({ providerId: null }), { ...context, providers: [] })).toEqual([]);
  });
});

describe('device-permission node', () => {
  const permission = () => newNode('device-permission', 'd1', 0, 0, 'Location');

  it('passes with geolocation and the default variable names', () => {
    expect(problemsOf(permission())).toEqual([]);
  });

  it('needs both names, written as variable names', () => {
    expect(problemsOf({ ...permission(), latName: '', longName: 'long itude' })).toEqual([
      'latName: Latitude variable name is required',
      'longName: Use only letters, digits and underscores, not starting with a digit',
    ]);
  });

  it('needs the geolocation request', () => {
    expect(problemsOf({ ...permission(), request: 'camera' as 'geolocation' })).toEqual([
      'request: Choose a permission type',
    ]);
  });
});

describe('notification node', () => {
  const notification = (fields: Partial<Extract<FlowNode, { type: 'notification' }>> = {}) => ({
    ...newNode('notification', 'n1', 0, 0, 'Daily'),
    template: { en: 'Today in ${{city}}: ${{forecast}}' },
    ...fields,
  });

  it('passes with the defaults and a template', () => {
    expect(problemsOf(notification())).toEqual([]);
    expect(problemsOf(notification({ startAt: '00:00', frequency: 1 }))).toEqual([]);
    expect(problemsOf(notification({ startAt: '23:59', pushMessageType: 'NEWS' }))).toEqual([]);
  });

  it('needs a push message type from the list', () => {
    expect(problemsOf(notification({ pushMessageType: 'SPAM' }))).toEqual([
      'pushMessageType: Choose a push message type',
    ]);
  });

  it('needs the template', () => {
    expect(problemsOf(notification({ template: { en: '' } }))).toEqual(['template.en: Template is required']);
  });

  it('needs an interval above 0', () => {
    for (const frequency of [0, -24, NaN]) {
      expect(problemsOf(notification({ frequency }))).toEqual([
        'frequency: Repeat interval must be greater than 0 hours',
      ]);
    }
  });

  it('needs a start time from 00:00 to 23:59 written HH:MM', () => {
    for (const startAt of ['24:00', '18:60', '6:00', '18:00:00', '', 'noon']) {
      expect(problemsOf(notification({ startAt }))).toEqual([
        'startAt: Start time must be between 00:00 and 23:59',
      ]);
    }
  });
});

describe('language-changer node', () => {
  it('needs one of the supported languages', () => {
    const node = newNode('language-changer', 'l1', 0, 0, 'To French');
    expect(problemsOf({ ...node, language: 3 })).toEqual([]);
    expect(problemsOf({ ...node, language: 9 })).toEqual(['language: Choose one of the supported languages']);
  });
});

describe('flow-template node', () => {
  const template = (templateName: string) => ({ ...newNode('flow-template', 't1', 0, 0), templateName });

  it('needs no name of its own but a known template', () => {
    expect(problemsOf(template('faq'))).toEqual([]);
    expect(problemsOf(template(''))).toEqual(['templateName: Choose a flow template']);
    expect(problemsOf(template('deleted'))).toEqual(['templateName: Unknown flow template "deleted"']);
  });
});

describe('dynamic node', () => {
  it('needs only a name', () => {
    const node = newNode('dynamic', 'y1', 0, 0, 'Loader');
    expect(problemsOf(node)).toEqual([]);
    expect(problemsOf({ ...node, name: '' })).toEqual(['name: Name is required']);
  });
});
