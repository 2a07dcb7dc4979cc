import { expect, test, type Locator, type Page } from '@playwright/test';
import { createArticle, deleteArticle } from './support/admin-api.ts';
import { E2E_ADMIN } from './support/admin-credentials.ts';
import { signInToAdminPanel } from './support/admin-sign-in.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { toastRegion, toastText } from './support/toasts.ts';

// The editor's toolbar, link bar and paste as staff use them (the keyboard; a copy from Google
// Docs), the form's switches under reduced motion, and the focus kept inside the Change Password
// dialog after a refusal.
test.beforeEach(({ page }) => skipCookieBanner(page));

/** A new article's Content editor, signed in and focused. */
async function newArticleEditor(page: Page): Promise<Locator> {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const editor = page.getByRole('textbox', { name: 'Content' });
  await editor.click();
  return editor;
}

/** Pastes `html` (and its plain text) into the focused editor, as the browser does from the clipboard. */
async function paste(editor: Locator, html: string, text: string) {
  await editor.evaluate(
    (element, [pastedHtml, pastedText]) => {
      const data = new DataTransfer();
      data.setData('text/html', pastedHtml);
      data.setData('text/plain', pastedText);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [html, text] as const,
  );
}

test('the formatting toolbar is one Tab stop: the arrow keys move along it, Tab goes on to the text', async ({ page }) => {
  const editor = await newArticleEditor(page);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const button = (name: string) => toolbar.getByRole('button', { name, exact: true });
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.focus();
  await page.keyboard.press('Tab');
  await expect(button('Heading 1')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(button('Heading 2')).toBeFocused();
  await page.keyboard.press('End');
  await expect(button('Clear formatting')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(button('Heading 1')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(button('Clear formatting')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(button('Heading 1')).toBeFocused();
  // Radix moves the focus a task after the key, so each move is awaited before the next key.
  await page.keyboard.press('ArrowRight');
  await expect(button('Heading 2')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  // Back in, the toolbar's one stop is the button last used; out again, the field before it.
  await page.keyboard.press('Shift+Tab');
  await expect(button('Heading 2')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(description).toBeFocused();
  // Each button keeps its name, its pressed state and its tooltip.
  await expect(toolbar.getByRole('button')).toHaveCount(10);
  await expect(button('Bold')).toHaveAttribute('aria-pressed', 'false');
  await expect(button('Bold')).not.toHaveAttribute('title');
  await button('Bold').hover();
  await expect(page.getByRole('tooltip', { name: 'Bold' })).toBeAttached();
});

test('Clear formatting is an action, not a toggle: it has no pressed state, while the formats keep theirs', async ({ page }) => {
  await newArticleEditor(page);
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('bold');
  await expect(toolbar.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbar.getByRole('button', { name: 'Clear formatting', exact: true })).not.toHaveAttribute('aria-pressed');
});

test('a toolbar button pressed from the keyboard formats the selected text', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await page.keyboard.type('Plain and bold');
  for (let i = 0; i < 'bold'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Shift+Tab');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const bold = toolbar.getByRole('button', { name: 'Bold', exact: true });
  // Radix moves the focus a task after the key, so each move is awaited before the next key.
  for (const name of ['Heading 2', 'Heading 3', 'Bold']) {
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.getByRole('button', { name, exact: true })).toBeFocused();
  }
  await page.keyboard.press('Space');
  await expect(editor.locator('strong')).toHaveText(['bold']);
  await expect(editor).toHaveText('Plain and bold');
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
});

test("a heading or format chosen on the toolbar before the text was ever focused applies to what is typed next, from the keyboard or the mouse", async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const editor = page.getByRole('textbox', { name: 'Content' });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  // The keyboard's way: Description, then Tab to the toolbar (the Content's first stop), Heading 2,
  // which takes the focus on to the text, as any press that changes it does.
  await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(toolbar.getByRole('button', { name: 'Heading 1', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Heading 2', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toolbar.getByRole('button', { name: 'Heading 2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toBeFocused();
  await page.keyboard.type('Why growth stalls');
  await expect(editor.locator('h2')).toHaveText('Why growth stalls');

  // The mouse's way, in a second new article: Bulleted list pressed before a click in the text.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('button', { name: 'New Article' }).click();
  await toolbar.getByRole('button', { name: 'Bulleted list', exact: true }).click();
  await expect(toolbar.getByRole('button', { name: 'Bulleted list', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await editor.focus();
  await page.keyboard.type('First point');
  await expect(editor.locator('ul > li')).toHaveText(['First point']);
});

test('a click on a toolbar button formats the selected text and leaves the focus in it', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await page.keyboard.type('Plain and italic');
  for (let i = 0; i < 'italic'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Italic', exact: true }).click();
  await expect(editor.locator('em')).toHaveText(['italic']);
  await expect(editor).toBeFocused();
  await page.keyboard.type('!');
  await expect(editor).toHaveText('Plain and !');
});

test('a switch\'s knob slides, and jumps for whoever asks for less motion', async ({ page }) => {
  await newArticleEditor(page);
  const knob = page.getByRole('switch', { name: 'Featured' }).locator('xpath=following-sibling::span[1]');
  const knobTransition = () => knob.evaluate((track) => getComputedStyle(track, '::after').transitionDuration);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await knobTransition()).toBe('0.15s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await knobTransition()).toBe('0s');
});

test('Enter on the link bar\'s Cancel cancels: the link is not applied', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await page.keyboard.type('Some text here');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('https://cancelled.example');
  await page.getByRole('button', { name: 'Cancel', exact: true }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Link URL' })).toHaveCount(0);
  await expect(editor.locator('a')).toHaveCount(0);
  await expect(editor).toHaveText('Some text here');
});

test("an address pasted whole into the link bar, after the 'https://' it opens with, is that address; pasted over a link's, it replaces it", async ({ page }) => {
  const editor = await newArticleEditor(page);
  await page.keyboard.type('Read more');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Email us');
  const url = page.getByRole('textbox', { name: 'Link URL' });
  // A paste, as the admin copies an address from the browser's address bar: inserted at the caret.
  const linkWith = async (words: string, address: string) => {
    await editor.getByText(words).selectText();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(url).toBeFocused();
    await page.keyboard.insertText(address);
    await url.press('Enter');
    await expect(url).toHaveCount(0);
  };
  await linkWith('Read more', 'https://example.com/pasted');
  await expect(editor.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://example.com/pasted');
  await linkWith('Email us', 'mailto:hello@surgere.example');
  await expect(editor.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', 'mailto:hello@surgere.example');
  // The link edited: the field opens on its address, and a new one pasted replaces it.
  await linkWith('Read more', 'https://example.com/new-page');
  await expect(editor.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://example.com/new-page');
});

test('an address the link bar refuses is announced as it shows, the focus staying in the field', async ({ page }) => {
  await newArticleEditor(page);
  await page.keyboard.type('Some text');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  const url = page.getByRole('textbox', { name: 'Link URL' });
  await url.fill('javascript:alert(1)');
  await url.press('Enter');
  await expect(url).toBeFocused();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription('Links must start with http://, https://, mailto: or tel:');
  // The field already has the focus, so its new description alone would go unread. (The form's own
  // alert region, beside its buttons, stays empty.)
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Links must start with http://, https://, mailto: or tel:');
});

test('pasting from Google Docs keeps plain text plain and the bold and italic it had', async ({ page }) => {
  const editor = await newArticleEditor(page);
  // What Google Docs puts on the clipboard: everything inside a <b> whose style says not bold.
  const html =
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:400;">Plain then </span>' +
    '<span style="font-weight:700;">bold words</span><span style="font-weight:400;font-style:italic;"> and italic</span></p></b>';
  await paste(editor, html, 'Plain then bold words and italic');
  await expect(editor).toContainText('Plain then bold words and italic');
  await expect(editor.locator('strong')).toHaveText(['bold words']);
  await expect(editor.locator('em')).toHaveText([' and italic']);
});

test('a link pasted from Google Docs is a link, not also underlined text', async ({ page }) => {
  const editor = await newArticleEditor(page);
  // Docs underlines the text of every link: how a link looks, not a format the author chose, and
  // it would stay on the words if the link were removed.
  const html =
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-2"><p dir="ltr"><span style="font-weight:400;text-decoration:none;">Read </span>' +
    '<a href="https://example.com/report" style="text-decoration:none;"><span style="font-weight:400;color:#1155cc;text-decoration:underline;">the report</span></a>' +
    '<span style="font-weight:400;text-decoration:underline;"> today</span></p></b>';
  await paste(editor, html, 'Read the report today');
  await expect(editor.locator('a')).toHaveText(['the report']);
  // The underline format, on text (a link's own underline is its class, on the <a>).
  await expect(editor.locator('[data-lexical-text].underline')).toHaveText([' today']);
});

test("a link copied from a published article is its words, without the page's hidden new-tab note", async ({ page }) => {
  const editor = await newArticleEditor(page);
  // As Chrome copies it from the article page: the note in the link, visually hidden.
  const html =
    '<meta charset="utf-8"><p>See <a href="https://example.com/source" target="_blank" rel="noopener noreferrer">the source' +
    '<span class="sr-only" style="position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;"> (opens in a new tab)</span></a> first.</p>';
  await paste(editor, html, 'See the source (opens in a new tab) first.');
  await expect(editor.locator('a')).toHaveText(['the source']);
  await expect(editor).toHaveText('See the source first.');
});

test('an address pasted over selected words makes them its link', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await page.keyboard.type('Read our report');
  for (let i = 0; i < 'our report'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  // Pasted once the words are selected, as a person's paste comes: keys sent a moment apart could
  // paste before the editor has read the selection's last change, into a cursor after the words.
  await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe('our report');
  // Copied from a browser's address bar or a web page: the address as HTML and as text.
  await paste(editor, '<meta charset="utf-8"><a href="https://example.com/report">https://example.com/report</a>', 'https://example.com/report');
  await expect(editor).toHaveText('Read our report');
  await expect(editor.locator('a')).toHaveText(['our report']);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://example.com/report');
});

test('a paste keeps bold, italic and underline, and drops formats the editor cannot write', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await paste(
    editor,
    '<p style="text-align:center;padding-inline-start:40px">Centred<span style="vertical-align:super">1</span> <span style="font-weight:700">bold</span> ' +
      '<span style="font-style:italic">italic</span> <span style="text-decoration:underline line-through">underlined</span></p>',
    'Centred1 bold italic underlined',
  );
  await expect(editor).toHaveText('Centred1 bold italic underlined');
  await expect(editor.locator('strong')).toHaveText(['bold']);
  await expect(editor.locator('em')).toHaveText(['italic']);
  await expect(editor.locator('.underline')).toHaveText(['underlined']);
  await expect(editor.locator('sup, s, [style*="text-align"], [style*="padding-inline-start"]')).toHaveCount(0);
});

test('a paste keeps the words of code, sub- and superscript, highlights and strike-through, not the formats', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await paste(
    editor,
    '<p>Run <code>npm&nbsp;start</code>: E=mc<sup>2</sup>, H<sub>2</sub>O, <mark>marked</mark>, <s>struck</s>, <del>deleted</del> and <kbd><strong>Ctrl</strong></kbd></p>',
    'Run npm start: E=mc2, H2O, marked, struck, deleted and Ctrl',
  );
  await expect(editor).toHaveText('Run npm\u00a0start: E=mc2, H2O, marked, struck, deleted and Ctrl');
  await expect(editor.locator('code, sup, sub, mark, s, del, kbd')).toHaveCount(0);
  await expect(editor.locator('strong')).toHaveText(['Ctrl']);
});

test('a paste keeps the spaces around inline tags the editor does not know, and an emoji image as its text', async ({ page }) => {
  const editor = await newArticleEditor(page);
  // Old HTML's font and small (mail, older pages), Word's smart tags and Office paragraph marks, and
  // the emoji a chat or mail copy writes as an image with the emoji as its alt text.
  await paste(
    editor,
    '<p>Hello <font color="red">world</font> again, <small>terms</small> apply</p>' +
      '<p class=MsoNormal>We met in <st1:City w:st="on"><st1:place w:st="on">Sydney</st1:place></st1:City> last year<o:p></o:p></p>' +
      '<p>Great work <img src="https://mail.example/emoji/1f389.png" alt="🎉" width="16" height="16"> team</p>' +
      '<p><img src="https://docs.example/chart.png" alt="Revenue by quarter"></p><p>After the chart</p>',
    'Hello world again, terms apply\nWe met in Sydney last year\nGreat work 🎉 team\n\nAfter the chart',
  );
  await expect(editor.locator('p')).toHaveText(['Hello world again, terms apply', 'We met in Sydney last year', 'Great work 🎉 team', '', 'After the chart']);
});

test('pictures a paste or drop would put in the text are left out with a notice saying where a picture goes; the words still arrive', async ({ page }) => {
  const editor = await newArticleEditor(page);
  const noticeTitle = toastText(page, 'Images are not kept in the text');
  const noticeWords = toastText(page, "Add the article's picture with the Image field.");
  // An emoji among words is its text, not a picture: no notice.
  await paste(editor, '<p>Well done <img src="https://mail.example/emoji/1f389.png" alt="🎉"> all</p>', 'Well done 🎉 all');
  await expect(editor.locator('p')).toHaveText(['Well done 🎉 all']);
  await expect(noticeTitle).toHaveCount(0);
  // A copied page's picture between paragraphs: the words come in, the picture is told of.
  await paste(editor, '<p>Before</p><p><img src="https://docs.example/chart.png" alt="Revenue by quarter"></p><p>After</p>', 'Before\n\nAfter');
  await expect(editor.locator('p')).toHaveText(['Well done 🎉 allBefore', '', 'After']);
  await expect(noticeTitle).toBeVisible();
  await expect(noticeWords).toBeVisible();
  const closeNotice = () => toastRegion(page).getByRole('button', { name: 'Close notification' }).click();
  await closeNotice();
  await expect(noticeTitle).toHaveCount(0);
  // An image file on its own (a screenshot copied, or dropped from the desktop): nothing is added, and the notice says why.
  for (const type of ['paste', 'drop'] as const) {
    await editor.evaluate((element, eventType) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' }));
      const event =
        eventType === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      element.dispatchEvent(event);
    }, type);
    await expect(noticeTitle).toBeVisible();
    await expect(editor.locator('p')).toHaveText(['Well done 🎉 allBefore', '', 'After']);
    await closeNotice();
    await expect(noticeTitle).toHaveCount(0);
  }
});

test("a web page's pictures, loose between paragraphs, in a figure or inside a sentence, are told of, their alt text not taken for words", async ({ page }) => {
  const editor = await newArticleEditor(page);
  // Only an emoji image among words is text; every other picture is left out with the notice.
  await paste(
    editor,
    '<p>Before</p><img src="https://example.com/photo.jpg"><p>After</p>' +
      '<figure><img src="https://example.com/chart.png" alt="Quarterly leads chart"><figcaption>Leads by quarter</figcaption></figure>' +
      '<p>See the chart <img src="https://example.com/chart.png" alt="Quarterly leads chart"> above, <img src="https://mail.example/emoji/1f389.png" alt="🎉"> team</p>',
    'Before\nAfter\nLeads by quarter\nSee the chart above, 🎉 team',
  );
  await expect(toastText(page, 'Images are not kept in the text')).toBeVisible();
  await expect(editor.locator(':scope > *')).toHaveText(['Before', 'After', 'Leads by quarter', 'See the chart above, 🎉 team']);
  await expect(editor).not.toContainText('Quarterly leads chart');
});

test('a file that is no picture, pasted or dropped on the text, is left out with a notice saying what the text keeps', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await paste(editor, '<p>Our brief</p>', 'Our brief');
  const noticeTitle = toastText(page, 'Files are not kept in the text');
  const noticeWords = toastText(page, "Paste the words themselves; the article's picture goes in the Image field.");
  // A document dropped from the desktop, and one with a picture beside it: the one notice for files.
  for (const [type, files] of [
    ['drop', [['brief.pdf', 'application/pdf']]],
    ['paste', [['brief.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'], ['chart.png', 'image/png']]],
  ] as const) {
    await editor.evaluate(
      (element, { eventType, named }) => {
        const data = new DataTransfer();
        for (const [name, mime] of named) data.items.add(new File([new Uint8Array([37, 80, 68, 70])], name, { type: mime }));
        const event =
          eventType === 'paste'
            ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
            : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
        element.dispatchEvent(event);
      },
      { eventType: type, named: files.map(([name, mime]) => [name, mime]) },
    );
    await expect(noticeTitle).toBeVisible();
    await expect(noticeWords).toBeVisible();
    await expect(toastText(page, 'Images are not kept in the text')).toHaveCount(0);
    await expect(editor.locator('p')).toHaveText(['Our brief']);
    await toastRegion(page).getByRole('button', { name: 'Close notification' }).click();
    await expect(noticeTitle).toHaveCount(0);
  }
});

/**
 * One paragraph of a list as Word puts it on the clipboard: no list elements, but a paragraph naming
 * its list and depth in an mso-list style, its marker written out in a span that Word itself ignores.
 */
const wordItem = (level: number, marker: string, text: string, place: string, list = 'l0') =>
  `<p class=MsoListParagraph${place && `CxSp${place}`} style='margin-left:${level * 36}.0pt;text-indent:-18.0pt;mso-list:${list} level${level} lfo1'>` +
  `<![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>${marker}` +
  `<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>`;

test('a list pasted from Word is a list, nested as it was, without its markers as text', async ({ page }) => {
  const editor = await newArticleEditor(page);
  const html =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"></head><body lang=EN-AU>' +
    '<!--StartFragment--><p class=MsoNormal>Our plan:<o:p></o:p></p>\n' +
    wordItem(1, '·', 'First <b>bullet</b>', 'First') + '\n' + wordItem(2, 'o', 'Sub point', 'Middle') + '\n' + wordItem(1, '·', 'Second bullet', 'Last') +
    '\n<p class=MsoNormal>Then:<o:p></o:p></p>\n' +
    wordItem(1, '1.', 'One', 'First') + '\n' + wordItem(1, '2.', 'Two', 'Last') +
    '\n<p class=MsoNormal>And:<o:p></o:p></p>\n' +
    wordItem(1, '3.', 'Three', '') +
    '<!--EndFragment--></body></html>';
  await paste(editor, html, 'Our plan:\n· First bullet\no Sub point\n· Second bullet\nThen:\n1. One\n2. Two\nAnd:\n3. Three');
  await expect(editor.locator('p')).toHaveText(['Our plan:', 'Then:', 'And:']);
  await expect(editor.locator('ul > li:not(:has(ul))')).toHaveText(['First bullet', 'Sub point', 'Second bullet']);
  await expect(editor.locator('ul ul > li')).toHaveText(['Sub point']);
  await expect(editor.locator('ul > li strong')).toHaveText(['bullet']);
  await expect(editor.locator('ol > li')).toHaveText(['One', 'Two', 'Three']);
  // The list Word continued after a paragraph goes on counting.
  await expect(editor.locator('ol').nth(1)).toHaveAttribute('start', '3');
  await expect(editor).not.toContainText('·');
});

test('two Word lists with nothing between them stay two lists, each with its own markers', async ({ page }) => {
  const editor = await newArticleEditor(page);
  const html =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-AU><!--StartFragment-->' +
    wordItem(1, '·', 'Apples', 'First') + wordItem(1, '·', 'Pears', 'Last') +
    wordItem(1, '1.', 'Mix', 'First', 'l1') + wordItem(2, 'a.', 'Slowly', 'Middle', 'l1') + wordItem(1, '2.', 'Serve', 'Last', 'l1') +
    '<!--EndFragment--></body></html>';
  await paste(editor, html, '· Apples\n· Pears\n1. Mix\na. Slowly\n2. Serve');
  await expect(editor.locator(':scope > *')).toHaveCount(2);
  await expect(editor.locator(':scope > ul > li')).toHaveText(['Apples', 'Pears']);
  await expect(editor.locator(':scope > ol li:not(:has(ol))')).toHaveText(['Mix', 'Slowly', 'Serve']);
  await expect(editor.locator(':scope > ol ol > li')).toHaveText(['Slowly']);
});

test('a pasted quote is its paragraphs, as the article page will show it', async ({ page }) => {
  const editor = await newArticleEditor(page);
  await paste(
    editor,
    '<p>Before</p><blockquote>Quoted <b>words</b></blockquote><blockquote><p>First of two</p><p>Second of two</p></blockquote><p>After</p>',
    'Before\nQuoted words\nFirst of two\nSecond of two\nAfter',
  );
  await expect(editor.locator(':scope > *')).toHaveText(['Before', 'Quoted words', 'First of two', 'Second of two', 'After']);
  await expect(editor.locator(':scope > p')).toHaveCount(5);
  await expect(editor.locator('p strong')).toHaveText(['words']);
});

/** Opens `article` in the panel's editor, signed in. */
async function editArticle(page: Page, article: { title: string }): Promise<Locator> {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: `Edit ${article.title}` }).click();
  return page.getByRole('textbox', { name: 'Content' });
}

/** Ends the paragraph holding `words` with a full stop (a change, so the form saves it), saves, and answers the body as stored. */
async function endWithFullStopAndSave(page: Page, editor: Locator, words: string, id: number): Promise<string> {
  await editor.getByText(words).click();
  await page.keyboard.press('End');
  await page.keyboard.type('.');
  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(toastText(page, 'Article updated')).toBeVisible();
  return (await (await page.request.get(`/api/articles/${id}`)).json()).content;
}

test('a blank link (its address refused) stays blank when its article is edited and saved, never a link to "https://"', async ({ page }) => {
  // Stored as the sanitiser leaves a link whose scheme is refused: its words, in a link with no address.
  const article = await createArticle(page.request, { content: '<p>Read <a href="javascript:alert(1)">the withdrawn source</a> again</p>', isPublished: false });
  expect(article.content).toBe('<p>Read <a>the withdrawn source</a> again</p>');
  const editor = await editArticle(page, article);
  const saved = await endWithFullStopAndSave(page, editor, 'again', article.id);
  expect(saved).toBe('<p>Read <a>the withdrawn source</a> again.</p>');
  await deleteArticle(page.request, article.id);
});

test('a relative link stays relative when its article is edited and saved, never a link to another host', async ({ page }) => {
  // An API client's body: the page resolves 'pricing' against the article's own address.
  const article = await createArticle(page.request, { content: '<p>See <a href="pricing">our pricing</a> and <a href="/contact">us</a></p>', isPublished: false });
  const editor = await editArticle(page, article);
  const saved = await endWithFullStopAndSave(page, editor, 'See', article.id);
  // './pricing' is the same address as 'pricing' wherever the page is.
  expect(saved).toBe('<p>See <a href="./pricing">our pricing</a> and <a href="/contact">us</a>.</p>');
  await deleteArticle(page.request, article.id);
});

test("a query or fragment link stays as it is when its article is edited and saved, never 'https://?page=2'", async ({ page }) => {
  const article = await createArticle(page.request, { content: '<p>See <a href="?page=2">page two</a> and <a href="#part-2">part two</a></p>', isPublished: false });
  const editor = await editArticle(page, article);
  await expect(editor.getByRole('link', { name: 'page two' })).toHaveAttribute('href', '?page=2');
  const saved = await endWithFullStopAndSave(page, editor, 'See', article.id);
  expect(saved).toBe('<p>See <a href="?page=2">page two</a> and <a href="#part-2">part two</a>.</p>');
  await deleteArticle(page.request, article.id);
});

test("a paste from Word keeps its bookmarks' words as plain text: an anchor with no address is no link", async ({ page }) => {
  const editor = await newArticleEditor(page);
  // Word marks a heading a table of contents points at, and often the words copied, with a named
  // anchor: no link in the document, and none on the clipboard's other side.
  const html =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-AU><!--StartFragment-->' +
    '<h1><a name="_Toc201234567"><span lang=EN-AU>Introduction</span></a></h1>' +
    '<p class=MsoNormal><a name="_Hlk201234568">Copied words</a> and <a href="https://example.com/">a real link</a><o:p></o:p></p>' +
    '<!--EndFragment--></body></html>';
  await paste(editor, html, 'Introduction\nCopied words and a real link');
  await expect(editor.locator('h1')).toHaveText('Introduction');
  await expect(editor.locator('p')).toHaveText('Copied words and a real link');
  await expect(editor.locator('a')).toHaveText(['a real link']);
});

test("a paste from Word under review leaves out its reviewers' comments and the words its tracked changes delete", async ({ page }) => {
  const editor = await newArticleEditor(page);
  // A commented range and a tracked change as Word copies them: the comment's [JD1] mark (a link to
  // the comment) after the words it is on, the comment itself in a list after the text, and the
  // deleted words struck through beside the inserted ones.
  const html =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-AU><!--StartFragment-->' +
    "<p class=MsoNormal>Our <a style='mso-comment-reference:JD_1;mso-comment-date:20250301T0930'>pricing model</a>" +
    "<span class=MsoCommentReference><span style='font-size:8.0pt'><a class=msocomanchor id=\"_anchor_1\" href=\"#_msocom_1\" name=\"_msoanchor_1\">[JD1]</a>" +
    "<span style='mso-special-character:comment'>&nbsp;</span></span></span> is " +
    '<span class=msoDel><del cite="mailto:Jane%20Doe" datetime="2025-03-01T09:31">simple and </del></span>' +
    '<span class=msoIns><ins cite="mailto:Jane%20Doe" datetime="2025-03-01T09:31">clear and </ins></span>fair.<o:p></o:p></p>' +
    "<div style='mso-element:comment-list'><![if !supportAnnotations]><hr class=msocomoff align=left size=1 width=\"33%\"><![endif]>" +
    "<div style='mso-element:comment'><![if !supportAnnotations]><div id=\"_com_1\" class=msocomtxt><![endif]>" +
    "<p class=MsoCommentText><span class=MsoCommentReference><span style='mso-special-character:comment'>&nbsp;" +
    '<![if !supportAnnotations]><a href="#_msoanchor_1" class=msocomoff>[JD1]</a><![endif]></span></span>Check this with finance before it goes out</p>' +
    '<![if !supportAnnotations]></div><![endif]></div></div>' +
    '<!--EndFragment--></body></html>';
  await paste(editor, html, 'Our pricing model[JD1] is clear and fair.');
  await expect(editor.locator('p')).toHaveText(['Our pricing model is clear and fair.']);
  await expect(editor.locator('a')).toHaveCount(0);
});

test('a paste keeps the words of links to places in the copied document, which lead nowhere in the article', async ({ page }) => {
  const editor = await newArticleEditor(page);
  // Word's footnote marks and table of contents, and a Google Docs link to one of its headings: each
  // points at a mark in the document it came from, which no article has.
  const html =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body lang=EN-AU><!--StartFragment-->' +
    '<p class=MsoToc1><a href="#_Toc201234567">Introduction</a><o:p></o:p></p>' +
    '<p class=MsoNormal>Growth doubled<a href="#_ftn1" name="_ftnref1"><span class=MsoFootnoteReference>[1]</span></a>; see ' +
    '<a href="#heading=h.3znysh7">the method</a> and <a href="https://example.com/report">the report</a>.<o:p></o:p></p>' +
    '<div style="mso-element:footnote-list"><div style="mso-element:footnote" id=ftn1><p class=MsoFootnoteText>' +
    '<a href="#_ftnref1" name="_ftn1">[1]</a> Annual accounts, 2024.<o:p></o:p></p></div></div>' +
    '<!--EndFragment--></body></html>';
  await paste(editor, html, 'Introduction\nGrowth doubled[1]; see the method and the report.\n[1] Annual accounts, 2024.');
  await expect(editor.locator('p')).toHaveText(['Introduction', 'Growth doubled[1]; see the method and the report.', '[1] Annual accounts, 2024.']);
  await expect(editor.locator('a')).toHaveText(['the report']);
});

test('a pasted heading 4 to 6 is a Heading 3, as the article page will publish it', async ({ page }) => {
  const editor = await newArticleEditor(page);
  // Google Docs and Word write their Heading 4-6 so; the editor has no style nor button for them.
  await paste(editor, '<h2>Main</h2><h4>Smaller <b>point</b></h4><p>Text</p><h6>Smallest</h6>', 'Main\nSmaller point\nText\nSmallest');
  await expect(editor.locator(':scope > *')).toHaveText(['Main', 'Smaller point', 'Text', 'Smallest']);
  await expect(editor.locator('h3')).toHaveText(['Smaller point', 'Smallest']);
  await expect(editor.locator('h3 strong')).toHaveText(['point']);
  await expect(editor.locator('h4, h5, h6')).toHaveCount(0);
  await editor.locator('h3').first().click();
  await expect(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Heading 3', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('Change Password refused: the focus stays in the dialog', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password').fill(E2E_ADMIN.password);
  await dialog.getByLabel('New Password').fill('password123');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByText(/common and breached passwords\. Choose/)).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
});
