import { expect, test } from '@playwright/test';
import { addNode, confirm, customerWithBot, openEditor } from './node-editor-helpers';

// Removing a file variable from a node deletes its file (spec 2 §7; issue 13 item 12): the node
// editor sends DELETE /api/content/file/{botId} with variable_ids on Confirm, and the file is no
// longer served. Cancel lets go of a file uploaded for a variable that was never saved.

test.use({ viewport: { width: 1440, height: 1300 } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a removed file variable takes its file with it; a cancelled upload is let go', async ({ page }) => {
  test.setTimeout(120_000);
  const bot = await customerWithBot(page);
  await addNode(page, 'Basic');
  let modal = await openEditor(page, 'Basic 1', 'Edit node');
  const add = modal.getByRole('group', { name: 'Add Element' });
  await add.getByLabel('Add Element').selectOption('Variable');
  await add.getByLabel('Variable name').fill('brochure');
  await add.getByLabel('Variable type').selectOption('File');
  const uploaded = page.waitForResponse(
    (r) => r.url().includes('/api/content/file/') && r.request().method() === 'POST',
  );
  await add
    .getByLabel('Variable file file')
    .setInputFiles({ name: 'Brochure.pdf', mimeType: 'application/pdf', buffer: PDF });
  const fileUrl = ((await (await uploaded).json()) as { file: { url: string } }).file.url;
  await expect(add.getByText('Current file: Brochure.pdf')).toBeVisible();
  await add.getByRole('button', { name: 'Add variable' }).click();
  await confirm(modal);
  expect((await page.request.get(fileUrl)).status()).toBe(200);

  await test.step('Confirm after deleting the variable deletes its file', async () => {
    modal = await openEditor(page, 'Basic 1', 'Edit node');
    const entry = modal.getByRole('list', { name: 'Elements' }).getByRole('listitem').first();
    await entry.getByRole('button', { name: /^Delete / }).click();
    const deleted = page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().endsWith(`/api/content/file/${bot.id}`),
    );
    await confirm(modal);
    expect((await deleted).postData()).toContain('variable_ids');
    await expect.poll(async () => (await page.request.get(fileUrl)).status()).toBe(404);
  });

  await test.step('Cancel lets go of a file uploaded for a new variable', async () => {
    modal = await openEditor(page, 'Basic 1', 'Edit node');
    const again = modal.getByRole('group', { name: 'Add Element' });
    await again.getByLabel('Add Element').selectOption('Variable');
    await again.getByLabel('Variable name').fill('leaflet');
    await again.getByLabel('Variable type').selectOption('File');
    const second = page.waitForResponse(
      (r) => r.url().includes('/api/content/file/') && r.request().method() === 'POST',
    );
    await again
      .getByLabel('Variable file file')
      .setInputFiles({ name: 'Leaflet.pdf', mimeType: 'application/pdf', buffer: PDF });
    const leaflet = ((await (await second).json()) as { file: { url: string } }).file.url;
    await again.getByRole('button', { name: 'Add variable' }).click();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('button', { name: /Discard/ });
    if (await discard.isVisible().catch(() => false)) await discard.click();
    await expect.poll(async () => (await page.request.get(leaflet)).status()).toBe(404);
  });
});
