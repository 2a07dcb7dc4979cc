import { describe, expect, it } from 'vitest';
import { API_PATHS, itemPath, uploadTargetPath, withId } from './api-paths';
import { withQuery } from './permalinks';

describe('API paths', () => {
  it('fills in an id, and appends one to a list path, encoded', () => {
    expect(withId(API_PATHS.enquiryNotice, 7)).toBe('/api/enquiries/7/notice');
    expect(itemPath(API_PATHS.articles, 7)).toBe('/api/articles/7');
    expect(itemPath(API_PATHS.articles, 'a b/c')).toBe('/api/articles/a%20b%2Fc');
  });

  it('names an upload target by its object name', () => {
    expect(uploadTargetPath('0123456789abcdef0123456789abcdef')).toBe('/api/objects/uploads/0123456789abcdef0123456789abcdef');
  });

  it('adds a query only when there is one, in the order given', () => {
    expect(withQuery(API_PATHS.enquiries, { status: 'new', pageSize: '1' })).toBe('/api/enquiries?status=new&pageSize=1');
    expect(withQuery(API_PATHS.enquiries, new URLSearchParams({ search: 'a b&c' }))).toBe('/api/enquiries?search=a%20b%26c');
    expect(withQuery(API_PATHS.enquiries, {})).toBe('/api/enquiries');
  });
});
