import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import InsightsFilter, { categoryHref, countLine } from './InsightsFilter';

const CATEGORIES = ['Thought Leadership', 'Events & Announcements'];

function render(counts: Record<string, number>, initialCategory = 'All') {
  return renderToStaticMarkup(
    <InsightsFilter categories={CATEGORIES} counts={counts} initialCategory={initialCategory} basePath="/insights" />,
  );
}

describe('InsightsFilter (server render, as the page first shows it)', () => {
  it("says 'No Articles Yet' with no button when nothing is published", () => {
    const html = render({ All: 0 });
    expect(html).toContain('Showing 0 articles');
    expect(html).toContain('No Articles Yet');
    expect(html).not.toContain('Show All Articles');
  });

  it("says 'No Articles in' an empty category, with a 'Show All Articles' link back to All", () => {
    const html = render({ All: 3, 'Thought Leadership': 3 }, 'Events & Announcements');
    expect(html).toContain('0 articles in Events &amp; Announcements');
    expect(html).toContain('No Articles in Events &amp; Announcements');
    expect(html).toMatch(/<a href="\/insights" role="button"[^>]*>Show All Articles<\/a>/);
  });

  it('renders All plus every category as chip links, the active one marked', () => {
    const html = render({ All: 3, 'Thought Leadership': 3 }, 'Thought Leadership');
    expect(html).toContain('<a href="/insights" data-category-chip="All"');
    expect(html).toContain('href="/insights?category=Events%20%26%20Announcements"');
    expect(html).toMatch(/href="\/insights\?category=Thought%20Leadership" aria-current="true"/);
    expect(html).not.toContain('No Articles');
  });
});

describe('countLine', () => {
  it('reads as the spec says, singular and plural', () => {
    expect(countLine(1, 'All')).toBe('Showing 1 article');
    expect(countLine(4, 'All')).toBe('Showing 4 articles');
    expect(countLine(1, 'Thought Leadership')).toBe('1 article in Thought Leadership');
    expect(countLine(0, 'Thought Leadership')).toBe('0 articles in Thought Leadership');
  });
});

describe('categoryHref', () => {
  it('keeps All at the bare list path', () => {
    expect(categoryHref('/insights', 'All')).toBe('/insights');
    expect(categoryHref('/insights', 'Product & Solution Spotlights')).toBe('/insights?category=Product%20%26%20Solution%20Spotlights');
  });
});
