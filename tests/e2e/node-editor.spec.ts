import { expect, test } from '@playwright/test';
import { addNode, customerWithBot, openEditor, shoot } from './node-editor-helpers';

test('explore', async ({ page }) => {
  test.setTimeout(120_000);
  await customerWithBot(page);
  const types: [string, string, string][] = [
    ['Basic', 'Basic 1', 'Edit node'],
    ['Choice', 'Choice 1', 'Edit node'],
    ['API', 'API 1', 'Edit API Request Node'],
    ['Wizard', 'Wizard 1', 'Edit node'],
    ['AI', 'AI 1', 'Edit AI node'],
    ['Realtime AI', 'Realtime AI 1', 'Edit Realtime AI node'],
    ['Call', 'Call 1', 'Edit Call node'],
    ['Language-changer', 'Language-changer 1', 'Edit Language Changer Node'],
    ['Device-permission', 'Device-permission 1', 'Edit Device Permission'],
    ['Notification', 'Notification 1', 'Edit Notification Node'],
    ['Flow-template', 'Flow-template 1', 'Edit Node'],
  ];
  for (const [label, name, title] of types) {
    await addNode(page, label);
    const modal = await openEditor(page, name, title);
    await page.waitForTimeout(300);
    await shoot(page, `x-${label.toLowerCase()}`);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  }
});
