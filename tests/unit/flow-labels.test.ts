import { describe, expect, it } from 'vitest';
import { newNode, nodeTypeLabel, outputLabels, type FlowNode, type Slot } from '../../src/core/flow';

const withSlots = <T extends FlowNode>(node: T, next: Slot[]): T => ({ ...node, next });
const branch = (id: number, en: string): Slot => ({ id, node: null, condition: { en, fr: `fr:${en}` } });

describe('outputLabels', () => {
  it('reads Always for a single output, whatever the type', () => {
    for (const type of [
      'basic',
      'choice',
      'wizard',
      'ai',
      'realtime-ai',
      'call',
      'language-changer',
      'notification',
      'flow-template',
      'dynamic',
    ] as const) {
      expect(outputLabels(newNode(type, 'n', 0, 0))).toEqual(['Always']);
    }
  });

  it('reads On Success and On Failure for the two outputs of api and device-permission', () => {
    expect(outputLabels(newNode('api', 'a', 0, 0))).toEqual(['On Success', 'On Failure']);
    expect(outputLabels(newNode('device-permission', 'd', 0, 0))).toEqual(['On Success', 'On Failure']);
  });

  it('labels api branches by their English condition, then Else, then On Failure', () => {
    const api = newNode('api', 'a', 0, 0);
    const node = withSlots(api, [branch(2, 'status == 404'), ...api.next]);
    expect(outputLabels(node, 'fr')).toEqual(['status == 404', 'Else', 'On Failure']);
  });

  it('labels conditional branches by condition text and the trailing default Else', () => {
    const node = withSlots(newNode('wizard', 'w', 0, 0), [
      branch(1, 'age > 18'),
      branch(2, "city == 'Paris'"),
      { id: 0, node: null },
    ]);
    expect(outputLabels(node)).toEqual(['age > 18', "city == 'Paris'", 'Else']);
  });

  it('labels choice options by name in the language shown and the last On No Match', () => {
    const node = withSlots(newNode('choice', 'c', 0, 0), [
      { id: 1, node: null, option: { en: { name: 'Yes', alt: ['y'] }, fr: { name: 'Oui', alt: [] } } },
      { id: 2, node: null, option: { en: { name: 'No' } } },
      { id: 3, node: null, option: { de: { label: 'Vielleicht' } } },
      { id: 0, node: null },
    ]);
    expect(outputLabels(node, 'fr')).toEqual(['Oui', 'No', 'Vielleicht', 'On No Match']);
    expect(outputLabels(node)).toEqual(['Yes', 'No', 'Vielleicht', 'On No Match']);
  });
});

describe('nodeTypeLabel', () => {
  it('capitalises plain types and uses special labels for AI, API and Realtime AI', () => {
    const label = (type: FlowNode['type']) => nodeTypeLabel(newNode(type, 'n', 0, 0));
    expect(label('basic')).toBe('Basic');
    expect(label('choice')).toBe('Choice');
    expect(label('wizard')).toBe('Wizard');
    expect(label('call')).toBe('Call');
    expect(label('notification')).toBe('Notification');
    expect(label('language-changer')).toBe('Language-changer');
    expect(label('device-permission')).toBe('Device-permission');
    expect(label('dynamic')).toBe('Dynamic');
    expect(label('ai')).toBe('AI');
    expect(label('api')).toBe('API');
    expect(label('realtime-ai')).toBe('Realtime AI');
  });

  it('shows the template name of a flow-template node', () => {
    const node = { ...newNode('flow-template', 't', 0, 0), templateName: 'onboarding' };
    expect(nodeTypeLabel(node)).toBe('onboarding');
    expect(nodeTypeLabel(newNode('flow-template', 't', 0, 0))).toBe('Flow-template');
  });
});
