import * as flowApi from '../flow-api';
import { MAIN_FLOW } from '../flow-api';
import { acceptTemplateName, canDeleteFlow } from '../templates/template-rules';
import type { FlowStore } from './flow-store';

/** Adding and deleting flow templates (spec 2 §4); switching is the editor's openFlow. */
export function createTemplateActions(
  store: FlowStore,
  openFlow: (name: string) => Promise<void>,
  fail: (error: unknown, fallback: string) => void,
) {
  const get = store.getState;
  const set = store.setState;

  /** Adds a template by name; answers false when the name was refused (blank or taken) or the call failed. */
  async function addTemplate(text: string): Promise<boolean> {
    const botId = get().botId;
    const name = acceptTemplateName(
      text,
      get().templates.map((t) => t.name),
    );
    if (botId === null || name === null) return false;
    try {
      const template = await flowApi.createTemplate(botId, name);
      set((s) => {
        if (!s.templates.some((t) => t.name === template.name)) s.templates.push(template);
      });
      return true;
    } catch (error) {
      fail(error, 'Unable to add the template');
      return false;
    }
  }

  async function deleteTemplate(name: string): Promise<void> {
    const botId = get().botId;
    if (botId === null || !canDeleteFlow(name)) return;
    try {
      await flowApi.deleteTemplate(botId, name);
      set((s) => {
        s.templates = s.templates.filter((t) => t.name !== name);
      });
      if (get().flowName === name) await openFlow(MAIN_FLOW);
    } catch (error) {
      fail(error, 'Unable to delete the template');
    }
  }

  return { addTemplate, deleteTemplate };
}
