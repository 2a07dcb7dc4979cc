// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl, linkFieldAddress, parsePastedHtml } from './html';

/** The pasted body's blocks' words as the editor will be given them, and how many pictures were told of. */
function paste(html: string): { blocks: string[]; text: string; picturesLeftOut: number } {
  const { dom, picturesLeftOut } = parsePastedHtml(html);
  return {
    blocks: Array.from(dom.body.querySelectorAll('p, figcaption, li, td')).map((block) => block.textContent ?? ''),
    text: dom.body.textContent ?? '',
    picturesLeftOut,
  };
}

const chart = '<img src="https://docs.example/chart.png" alt="Quarterly leads chart">';
const emoji = (alt: string) => `<img src="https://mail.example/emoji.png" alt="${alt}" width="16" height="16">`;

describe('a pasted image: its alt text as a character among words, or left out and counted', () => {
  it('keeps an emoji image inside a sentence as its emoji, and tells of nothing', () => {
    expect(paste(`<p>Great work ${emoji('🎉')} team</p>`)).toMatchObject({ blocks: ['Great work 🎉 team'], picturesLeftOut: 0 });
  });

  it('keeps emoji made of several code points, and a pictograph with no emoji presentation', () => {
    for (const alt of ['👍🏽', '👩‍💻', '🇦🇺', '1️⃣', '❤️', '☺', '🎉🎉', '🎉 🎈']) {
      expect(paste(`<p>Yes ${emoji(alt)} indeed</p>`)).toMatchObject({ blocks: [`Yes ${alt} indeed`], picturesLeftOut: 0 });
    }
  });

  it('keeps an emoji among words inside inline tags, as mail wraps them, and across a line break in its paragraph', () => {
    const gmail = '<span><img data-emoji="🎉" class="an1" alt="🎉" aria-label="🎉" src="https://fonts.example/1f389/32.png"></span>';
    expect(paste(`<div dir="ltr">Well <b>done ${gmail}</b>!</div>`)).toMatchObject({ text: 'Well done 🎉!', picturesLeftOut: 0 });
    expect(paste(`<p>Thanks all<br>${gmail}</p>`)).toMatchObject({ blocks: ['Thanks all🎉'], picturesLeftOut: 0 });
    expect(paste(`<p>We met in <st1:place>Sydney</st1:place> ${emoji('🌏')}</p>`)).toMatchObject({ blocks: ['We met in Sydney 🌏'], picturesLeftOut: 0 });
  });

  it('leaves out an image inside a sentence whose alt text describes a picture, rather than merging that text into the sentence', () => {
    expect(paste(`<p>See the chart ${chart} below</p>`)).toMatchObject({ blocks: ['See the chart  below'], picturesLeftOut: 1 });
    expect(paste('<p>A short name: <img src="https://example.com/x.png" alt=":tada:"> for it</p>')).toMatchObject({ picturesLeftOut: 1 });
  });

  it('counts an image with no alt text among words, which before vanished without a word', () => {
    expect(paste('<p>Before <img src="https://example.com/spacer.gif"> after</p>')).toMatchObject({ blocks: ['Before  after'], picturesLeftOut: 1 });
  });

  it('leaves out an image between paragraphs (loose in the body), with or without alt text', () => {
    expect(paste('<p>before</p><img src="https://example.com/a.png"><p>after</p>')).toMatchObject({ text: 'beforeafter', picturesLeftOut: 1 });
    expect(paste(`<p>before</p>${chart}<p>after</p>`)).toMatchObject({ text: 'beforeafter', picturesLeftOut: 1 });
  });

  it("leaves out a figure's image and keeps its caption, without the alt text as words", () => {
    const figure = `<p>Intro</p><figure>${chart}<figcaption>Leads grew 20% a quarter</figcaption></figure><p>Outro</p>`;
    expect(paste(figure)).toMatchObject({ text: 'IntroLeads grew 20% a quarterOutro', picturesLeftOut: 1 });
  });

  it('leaves out an image in a wrapper that holds words only in blocks beside it', () => {
    expect(paste(`<div class="post"><h2>Results</h2><div class="media">${chart}</div><p>Leads grew.</p></div>`)).toMatchObject({ text: 'ResultsLeads grew.', picturesLeftOut: 1 });
    expect(paste(`<div><p>Leads grew.</p>${chart}</div>`)).toMatchObject({ text: 'Leads grew.', picturesLeftOut: 1 });
  });

  it('leaves out an emoji image that stands alone, as a picture: in its own paragraph, a figure or a cell', () => {
    expect(paste(`<p>${emoji('🎉')}</p><p>After</p>`)).toMatchObject({ blocks: ['', 'After'], picturesLeftOut: 1 });
    expect(paste(`<p>Before</p>${emoji('🎉')}<p>After</p>`)).toMatchObject({ text: 'BeforeAfter', picturesLeftOut: 1 });
    // A comment's text is no word: Word marks the copied part so.
    expect(paste(`<!--StartFragment-->${emoji('🎉')}<!--EndFragment-->`)).toMatchObject({ text: '', picturesLeftOut: 1 });
    expect(paste(`<figure>${emoji('📈')}<figcaption>Growth</figcaption></figure>`)).toMatchObject({ text: 'Growth', picturesLeftOut: 1 });
    expect(paste(`<table><tr><td>${emoji('✅')}</td><td>Done</td></tr></table>`)).toMatchObject({ blocks: ['', 'Done'], picturesLeftOut: 1 });
  });

  it('counts each picture left out, and keeps the emoji of the same paste', () => {
    expect(paste(`<p>Great ${emoji('🎉')} work</p><p>${chart}</p><figure>${chart}<figcaption>Caption</figcaption></figure>`)).toMatchObject({
      blocks: ['Great 🎉 work', '', 'Caption'],
      picturesLeftOut: 2,
    });
  });
});

describe("the link field's address: a whole address pasted or typed after the field's own 'https://'", () => {
  it('is that address, not a link to a host called https, a web site with a user name, or nothing', () => {
    expect(linkFieldAddress('https://https://example.com/pasted')).toBe('https://example.com/pasted');
    expect(linkFieldAddress('https://http://insecure.example')).toBe('http://insecure.example');
    expect(linkFieldAddress('https://mailto:hello@firm.example')).toBe('mailto:hello@firm.example');
    expect(linkFieldAddress(' https://tel:+61280054120 ')).toBe('tel:+61280054120');
    expect(linkFieldAddress('https://https://https://example.com')).toBe('https://example.com');
  });

  it("leaves an address typed after the prefix as it is, and the prefix alone still refused", () => {
    expect(linkFieldAddress('https://example.com/page')).toBe('https://example.com/page');
    expect(linkFieldAddress('https://localhost:8080/x')).toBe('https://localhost:8080/x');
    expect(linkFieldAddress('https://telstra.com.au')).toBe('https://telstra.com.au');
    expect(isAllowedLinkUrl(linkFieldAddress('https://'))).toBe(false);
    expect(isAllowedLinkUrl(linkFieldAddress('https://https://'))).toBe(false);
  });
});
