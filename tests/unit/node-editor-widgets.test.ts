import { describe, expect, it } from 'vitest';
import { newNode } from '../../src/core/flow';
import { dynamicFieldsText, parseDynamicFields } from '../../src/features/node-editor/logic/dynamic-fields';
import { formatFileSize } from '../../src/features/node-editor/logic/file-size';
import { flowVariables } from '../../src/features/node-editor/logic/flow-variables';
import {
  hasLanguageDropdown,
  languageBadge,
  languageOption,
  modalTitle,
} from '../../src/features/node-editor/logic/modal-meta';

describe('the modal header (spec 2 §2)', () => {
  it('titles the modal by node type', () => {
    expect(modalTitle('basic')).toBe('Edit node');
    expect(modalTitle('choice')).toBe('Edit node');
    expect(modalTitle('wizard')).toBe('Edit node');
    expect(modalTitle('ai')).toBe('Edit AI node');
    expect(modalTitle('realtime-ai')).toBe('Edit Realtime AI node');
    expect(modalTitle('call')).toBe('Edit Call node');
    expect(modalTitle('language-changer')).toBe('Edit Language Changer Node');
    expect(modalTitle('device-permission')).toBe('Edit Device Permission');
    expect(modalTitle('notification')).toBe('Edit Notification Node');
    expect(modalTitle('api')).toBe('Edit API Request Node');
    expect(modalTitle('flow-template')).toBe('Edit Node');
  });

  it('shows the language dropdown for the types with texts only', () => {
    const withDropdown = [
      'basic',
      'wizard',
      'call',
      'ai',
      'realtime-ai',
      'choice',
      'notification',
      'language-changer',
    ];
    for (const type of withDropdown) expect(hasLanguageDropdown(type as never)).toBe(true);
    for (const type of ['api', 'device-permission', 'flow-template', 'dynamic']) {
      expect(hasLanguageDropdown(type as never)).toBe(false);
    }
    // Codes, not flag emoji (drawn as letter boxes on Linux).
    expect(languageBadge('fr')).toBe('FR');
    expect(languageOption('en', 'English')).toBe('EN · English');
  });
});

describe('upload widget sizes (spec 2 "Other widgets")', () => {
  it('reads sizes in Bytes, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1.25 * 1024 ** 3)).toBe('1.25 GB');
    expect(formatFileSize(5 * 1024 ** 4)).toBe('5120 GB');
  });
});

describe('dynamic node fields as JSON', () => {
  it('round-trips the six fields and refuses anything else', () => {
    const node = { ...newNode('dynamic', 'd', 0, 0), loader: 'api', max: 5 };
    const text = dynamicFieldsText(node);
    expect(parseDynamicFields(text)).toEqual({
      ok: true,
      fields: { loader: 'api', attrName: null, attrValue: null, start: null, max: 5, listener: null },
    });
    expect(parseDynamicFields('{"loader": ')).toMatchObject({ ok: false });
    expect(parseDynamicFields('[1]')).toEqual({ ok: false, message: 'The fields must be a JSON object' });
    expect(parseDynamicFields('{"other": 1}')).toEqual({ ok: false, message: 'Unknown field "other"' });
  });
});

describe('variables a flow declares (for the pickers)', () => {
  it('gathers names from every node that stores a value, and the predefined ones', () => {
    const basic = newNode('basic', 'b', 0, 0);
    basic.entries = [
      { type: 'variable', name: 'photo', default: '', variableType: 'file', wait: true },
      { type: 'variable', name: 'cart', default: '[]', variableType: 'json', wait: false },
    ];
    const api = newNode('api', 'a', 0, 0);
    api.store.name = 'orders';
    const wizard = newNode('wizard', 'w', 0, 0);
    const found = flowVariables([basic, api, wizard]);
    expect(found.files).toEqual(['photo']);
    expect(found.all).toEqual(
      expect.arrayContaining(['photo', 'cart', 'orders', 'wizard_list', 'USER_LAST_INPUT']),
    );
  });
});
