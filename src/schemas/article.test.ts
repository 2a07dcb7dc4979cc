import { describe, expect, it } from 'vitest';
import { ARTICLE_CATEGORIES, ARTICLE_IMAGE_URL_REFUSED, articleFormFields, articleSchema } from './article';
import { formValuesOf, payloadOf } from './form-fields';

const minimal = { title: 'T', description: 'D', readTime: '5 min read' };

describe('article form and schema', () => {
  it('sends tags typed comma-separated, trimmed, empties dropped', () => {
    const tags = (text: string) => payloadOf(articleFormFields, { ...formValuesOf(articleFormFields, null), tags: text }).tags;
    expect(tags(' strategy, ,growth ,, b2b ')).toEqual(['strategy', 'growth', 'b2b']);
    expect(tags('')).toEqual([]);
  });

  it('stores a tag once, as first written, however often and in whatever case it was typed', () => {
    const base = { title: 'T', description: 'D', readTime: '1 min read' };
    expect(articleSchema.parse({ ...base, tags: ['Growth', 'b2b', ' growth ', 'GROWTH', 'B2B', 'brand'] }).tags).toEqual(['Growth', 'b2b', 'brand']);
  });

  it('starts a new article by Admin, in Thought Leadership, published, not featured', () => {
    expect(formValuesOf(articleFormFields, null)).toMatchObject({ author: 'Admin', category: 'Thought Leadership', isPublished: true, isFeatured: false, tags: '' });
  });

  it('applies the defaults: author Admin, Thought Leadership, published, not featured', () => {
    expect(articleSchema.parse(minimal)).toMatchObject({
      author: 'Admin',
      category: 'Thought Leadership',
      isPublished: true,
      isFeatured: false,
      tags: [],
      content: null,
      slug: null,
    });
    expect(articleSchema.parse({ ...minimal, author: '  ' }).author).toBe('Admin');
  });

  it('accepts exactly the five categories', () => {
    expect(ARTICLE_CATEGORIES).toHaveLength(5);
    for (const category of ARTICLE_CATEGORIES) expect(articleSchema.safeParse({ ...minimal, category }).success).toBe(true);
    expect(articleSchema.safeParse({ ...minimal, category: 'All' }).success).toBe(false);
  });

  it('takes image URLs that are a site path or https on a listed image host, nothing else', () => {
    for (const imageUrl of ['/objects/uploads/0123456789abcdef0123456789abcdef', '/favicon.svg', 'https://images.unsplash.com/photo-1?w=1200', 'https://images.pexels.com/photos/1/a.jpeg']) {
      expect(articleSchema.safeParse({ ...minimal, imageUrl }).success, imageUrl).toBe(true);
    }
    // Hosts the image CDN would refuse (not listed, plain http, a look-alike, credentials or a port) are refused here.
    for (const imageUrl of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '//evil.example/a.png',
      'a b',
      'https://images.example.com/a.jpg',
      'http://images.unsplash.com/a.jpg',
      'https://images.unsplash.com.evil.example/a.jpg',
      'https://user@images.unsplash.com/a.jpg',
      'https://images.unsplash.com:8443/a.jpg',
    ]) {
      expect(articleSchema.safeParse({ ...minimal, imageUrl }).success, imageUrl).toBe(false);
    }
  });

  it('takes an upload, directly or through the image CDN, only as the Delete check and the daily sweep find it: another spelling would let it be deleted while shown', () => {
    const name = '0123456789abcdef0123456789abcdef';
    for (const imageUrl of [
      `/objects/uploads/./${name}`,
      `/objects/uploads/../uploads/${name}`,
      `/objects//uploads/${name}`,
      `/objects/uploads/%30${name.slice(1)}`,
      `/objects/uploads%2f${name}`,
      `/objects/uploads/${name.toUpperCase()}`,
      `/objects/uploads/${name}?v=2`,
      `/objects/uploads/${name}/`,
      `/Objects/uploads/${name}`,
      '/images/../objects/uploads/x',
      '/images/a%20b.png',
      `/.netlify/images?url=%2Fobjects%2Fuploads%2F%30${name.slice(1)}&w=800`,
      `/.netlify/images?url=/objects/uploads/./${name}`,
      `/.netlify/images?url=%2F.netlify%2Fimages%3Furl%3D%252Fobjects%252Fuploads%252F${name}`,
      `/.netlify/images?w=800`,
      `/.netlify/other?url=/objects/uploads/${name}`,
    ]) {
      expect(articleSchema.safeParse({ ...minimal, imageUrl }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]), imageUrl).toEqual([
        ['imageUrl', ARTICLE_IMAGE_URL_REFUSED],
      ]);
    }
    // As the Delete check finds it: directly, or through the image CDN (a copied image address), its slashes plain or %2F.
    for (const imageUrl of [`/objects/uploads/${name}`, `/.netlify/images?url=%2Fobjects%2Fuploads%2F${name}&w=1280`, `/.netlify/images?w=640&url=/objects/uploads/${name}`, '/.netlify/images?url=%2Ffavicon.svg']) {
      expect(articleSchema.safeParse({ ...minimal, imageUrl }).success, imageUrl).toBe(true);
    }
  });

  it('takes lowercase hyphenated slugs only', () => {
    expect(articleSchema.safeParse({ ...minimal, slug: 'pricing-for-growth-2' }).success).toBe(true);
    for (const slug of ['Pricing', 'a--b', '-a', 'a b', 'a/b']) expect(articleSchema.safeParse({ ...minimal, slug }).success, slug).toBe(false);
  });

  it('refuses a slug of digits alone, which /insights/{number} reads as an id', () => {
    const r = articleSchema.safeParse({ ...minimal, slug: '2024' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path, i.message])).toEqual([[['slug'], 'Slug cannot be a number alone: /insights/{number} is read as an article id']]);
    expect(articleSchema.safeParse({ ...minimal, slug: '2024-review' }).success).toBe(true);
    expect(articleSchema.safeParse({ ...minimal, slug: '2024-10' }).success).toBe(true);
  });
});
