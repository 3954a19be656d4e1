import { expect, test } from '@playwright/test';
import { PNG } from '../fixtures/images';
import {
  addNode,
  confirm,
  confirmButton,
  customerWithBot,
  openEditor,
  publishAndReload,
  savedNode,
  shoot,
} from './node-editor-helpers';

// The node-edit modal of spec 2 §2 in a real browser: basic and choice nodes filled as an author
// would, invalid values blocking Confirm, then published, reloaded and reopened.

test.use({ viewport: { width: 1440, height: 1300 } });

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

test('a basic node with every kind of element, edited in place, published and reopened', async ({ page }) => {
  test.setTimeout(120_000);
  await customerWithBot(page);
  await addNode(page, 'Basic');
  const modal = await openEditor(page, 'Basic 1', 'Edit node');
  const add = modal.getByRole('group', { name: 'Add Element' });
  const kind = add.getByLabel('Add Element');
  const elements = modal.getByRole('list', { name: 'Elements' }).getByRole('listitem');

  await test.step('the language dropdown lists the bot languages, the primary marked', async () => {
    const language = modal.getByRole('combobox', { name: 'Language' });
    await expect(language).toHaveValue('en');
    await expect(language.getByRole('option')).toHaveText(['EN · English (primary)', 'FR · French']);
  });

  await test.step('text: Add stays disabled until title and text are there', async () => {
    await add.getByLabel('Title').fill('Welcome');
    await expect(add.getByRole('button', { name: 'Add text' })).toBeDisabled();
    await add.getByLabel('Text').fill('Hello ${{name}}!');
    await add.getByRole('button', { name: 'Add text' }).click();
    await expect(elements).toHaveCount(1);
  });

  await test.step('variable: the name is normalised as typed and the default must fit the type', async () => {
    await kind.selectOption('Variable');
    await add.getByLabel('Variable name').fill('2nd order #');
    await expect(add.getByLabel('Variable name')).toHaveValue('_2nd_order_');
    await add.getByLabel('Variable name').fill('order number');
    await add.getByLabel('Variable type').selectOption('Number');
    await add.getByLabel('Default value').fill('abc');
    await expect(add.getByText('Default must be a number')).toBeVisible();
    await expect(add.getByRole('button', { name: 'Add variable' })).toBeDisabled();
    await add.getByLabel('Default value').fill('42');
    await add.getByRole('button', { name: 'Add variable' }).click();
  });

  let uploaded = '';
  await test.step('image from the device is uploaded and previewed', async () => {
    await kind.selectOption('Image');
    await add.getByLabel('Title').fill('Logo');
    await add.getByLabel('Image file').setInputFiles(png('logo.png'));
    const preview = add.getByRole('img', { name: 'Logo' });
    await expect(preview).toBeVisible();
    uploaded = (await preview.getAttribute('src'))!;
    expect(uploaded).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\//);
    await add.getByRole('button', { name: 'Add image' }).click();
  });

  await test.step('image from a URL is checked by loading it', async () => {
    await add.getByLabel('Title').fill('Banner');
    await add.getByRole('radio', { name: 'From URL' }).check();
    await add.getByLabel('Image URL').fill(`${new URL(page.url()).origin}/uploads/missing.png`);
    await expect(add.getByText('Image is not reviewable')).toBeVisible();
    await expect(add.getByRole('button', { name: 'Add image' })).toBeDisabled();
    await add.getByLabel('Image URL').fill(uploaded);
    await expect(add.getByRole('img', { name: 'Banner' })).toBeVisible();
    await add.getByRole('button', { name: 'Add image' }).click();
  });

  await test.step('video: only YouTube links, shown in the privacy-enhanced player', async () => {
    await kind.selectOption('Video');
    await add.getByLabel('Title').fill('Intro');
    await add.getByLabel('Video link').fill('https://example.com/watch?v=dQw4w9WgXcQ');
    await expect(add.getByText('Enter a YouTube watch, short or embed link')).toBeVisible();
    await add.getByLabel('Video link').fill('https://youtu.be/dQw4w9WgXcQ');
    await expect(add.locator('iframe')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
    await add.getByRole('button', { name: 'Add video' }).click();
  });

  await test.step('carousel from the device and from a URL; items reorder and wrap around', async () => {
    await kind.selectOption('Carousel');
    await add.getByLabel('Title', { exact: true }).fill('Gallery');
    await add.getByLabel('Carousel images file').setInputFiles([png('a.png'), png('b.png')]);
    const items = add.getByRole('list', { name: 'Carousel images' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await add.getByRole('radio', { name: 'From URL' }).check();
    await expect(add.getByRole('button', { name: 'Add image' })).toBeDisabled();
    await add.getByLabel('Carousel image URL').fill(uploaded);
    await add.getByRole('button', { name: 'Add image' }).click();
    await expect(items).toHaveCount(3);
    await add.getByRole('button', { name: 'Move image 3 down' }).click(); // wraps to the top
    await expect(items.first()).toContainText(uploaded);
    await shoot(page, 'basic-carousel');
    await add.getByRole('button', { name: 'Add carousel' }).click();
  });

  await test.step('delay: the form offers 1 second, then 0.5 after adding', async () => {
    await kind.selectOption('Delay');
    await expect(add.getByLabel('Delay (seconds)')).toHaveValue('1');
    await add.getByRole('button', { name: 'Add delay' }).click();
    await expect(add.getByLabel('Delay (seconds)')).toHaveValue('0.5');
    await expect(elements).toHaveCount(7);
  });

  await test.step('edit in place: cancel restores, an emptied text blocks Confirm until fixed', async () => {
    await modal.getByRole('button', { name: 'Edit element 1' }).click();
    const first = elements.first();
    await first.getByLabel('Title').fill('Changed');
    await first.getByRole('button', { name: 'Cancel' }).click();
    await expect(elements.first()).toContainText('Welcome');
    await modal.getByRole('button', { name: 'Edit element 1' }).click();
    await first.getByLabel('Text').fill('');
    await expect(confirmButton(modal)).toBeDisabled();
    await expect(first.getByRole('button', { name: 'Save' })).toBeDisabled();
    await first.getByLabel('Text').fill('Hi ${{name}}, welcome!');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(confirmButton(modal)).toBeEnabled();
  });

  await test.step('move and delete elements, preview one', async () => {
    await modal.getByRole('button', { name: 'Move element 7 up' }).click(); // the delay before the carousel
    await expect(elements.nth(5)).toHaveAccessibleName('Delay 1 s');
    await modal.getByRole('button', { name: 'Delete element 4' }).click(); // the Banner image
    await expect(elements).toHaveCount(6);
    await modal.getByRole('button', { name: 'Preview element 1' }).click();
    await expect(modal.getByLabel('Preview of element 1')).toHaveText('Hi ${{name}}, welcome!');
  });

  await shoot(page, 'basic');
  await confirm(modal);
  await publishAndReload(page);

  await test.step('after reload the saved node and the reopened modal hold the values', async () => {
    const node = (await savedNode(page, 'Basic 1')) as {
      entries: Record<string, unknown>[];
      json_variables: unknown[];
    };
    const kinds = node.entries.map((e) =>
      e.type === 'content' ? (e.content as { type: string }).type : e.type,
    );
    expect(kinds).toEqual(['text', 'variable', 'image', 'video-link', 'delay', 'image-carousel']);
    expect(node.entries[1]).toMatchObject({ name: 'order_number', variableType: 'number', default: '42' });
    const reopened = await openEditor(page, 'Basic 1', 'Edit node');
    await expect(reopened.getByRole('list', { name: 'Elements' }).getByRole('listitem')).toHaveText([
      /Welcome/,
      /order_number/,
      /Logo/,
      /Intro/,
      /1 s/,
      /Gallery/,
    ]);
    await reopened.getByRole('button', { name: 'Cancel' }).click();
  });
});

test('a choice node: rich-text message, choices with keywords, reordered, no-match last', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await customerWithBot(page);
  await addNode(page, 'Choice');
  const modal = await openEditor(page, 'Choice 1', 'Edit node');
  const adder = modal.getByRole('group', { name: 'Add choice' });
  const choices = modal
    .getByRole('list', { name: 'Choices' })
    .getByRole('listitem')
    .filter({ has: page.locator('strong') });

  await test.step('the options message is required and written in a rich-text editor', async () => {
    await expect(modal.getByText('Options message is required', { exact: true })).toBeVisible();
    await expect(confirmButton(modal)).toBeDisabled();
    const message = modal.getByRole('textbox', { name: 'Options message' });
    await message.click();
    await page.keyboard.type('Pick one ');
    await modal.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('option');
    await expect(message.locator('strong')).toHaveText('option');
    await expect(confirmButton(modal)).toBeEnabled();
    await expect(modal.getByText('Conditions', { exact: true })).toHaveCount(0);
  });

  await test.step('choices with keywords; a repeated label or keyword is refused', async () => {
    await adder.getByRole('textbox', { name: 'Choice label' }).fill('Yes');
    await adder.getByRole('textbox', { name: 'Keyword' }).fill('yep');
    await adder.getByRole('button', { name: 'Add keyword' }).click();
    await adder.getByRole('textbox', { name: 'Keyword' }).fill('YEP');
    await expect(adder.getByRole('button', { name: 'Add keyword' })).toBeDisabled();
    await adder.getByRole('textbox', { name: 'Keyword' }).fill('sure');
    await adder.getByRole('button', { name: 'Add keyword' }).click();
    await adder.getByRole('button', { name: 'Add choice' }).click();
    await adder.getByRole('textbox', { name: 'Choice label' }).fill('yes');
    await expect(adder.getByText('Choice "yes" already exists')).toBeVisible();
    await expect(adder.getByRole('button', { name: 'Add choice' })).toBeDisabled();
    await adder.getByRole('textbox', { name: 'Choice label' }).fill('No');
    await adder.getByRole('button', { name: 'Add choice' }).click();
    await adder.getByRole('textbox', { name: 'Choice label' }).fill('Maybe');
    await adder.getByRole('button', { name: 'Add choice' }).click();
    await expect(choices.last()).toHaveAccessibleName('On No Match');
  });

  await test.step('edit, reorder and delete choices; no-match stays last', async () => {
    await modal.getByRole('button', { name: 'Edit choice No' }).click();
    const editing = modal.getByRole('listitem', { name: 'Choice No' });
    await editing.getByRole('textbox', { name: 'Choice label' }).fill('');
    await expect(editing.getByRole('button', { name: 'Save choice' })).toBeDisabled();
    await editing.getByRole('textbox', { name: 'Choice label' }).fill('Nope');
    await editing.getByRole('button', { name: 'Save choice' }).click();
    await modal.getByRole('button', { name: 'Move choice Maybe up' }).click();
    await expect(modal.getByRole('button', { name: 'Move choice Maybe down' })).toBeEnabled();
    await expect(choices).toHaveText([/Yes/, /Maybe/, /Nope/, /On No Match/]);
    await modal.getByRole('button', { name: 'Delete choice Maybe' }).click();
    await expect(choices).toHaveText([/Yes\s*yep\s*sure/, /Nope/, /On No Match/]);
  });

  await shoot(page, 'choice');
  await confirm(modal);
  await publishAndReload(page);
  const node = (await savedNode(page, 'Choice 1')) as {
    message: { en: string };
    next: { option?: unknown }[];
  };
  expect(node.message.en).toBe('<p>Pick one <strong>option</strong></p>');
  expect(node.next.map((slot) => slot.option ?? null)).toEqual([
    { en: { name: 'Yes', alt: ['yep', 'sure'] } },
    { en: { name: 'Nope', alt: [] } },
    null,
  ]);
  const reopened = await openEditor(page, 'Choice 1', 'Edit node');
  await expect(reopened.getByRole('textbox', { name: 'Options message' })).toContainText('Pick one option');
  await expect(
    reopened
      .getByRole('list', { name: 'Choices' })
      .getByRole('listitem')
      .filter({ has: page.locator('strong') }),
  ).toHaveText([/Yes/, /Nope/, /On No Match/]);
});
