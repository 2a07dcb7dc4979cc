import { expect, type APIRequestContext } from '@playwright/test';
import type { Article, ArticleInput } from '../../../src/schemas/article.ts';
import type { Enquiry } from '../../../src/schemas/enquiry.ts';
import type { Service, ServiceInput } from '../../../src/schemas/service.ts';
import { signInThroughApi } from './admin-sign-in.ts';

// Admin API calls for e2e tests that need content set up (or cleaned away) without the admin UI:
//
//   test('...', async ({ request, page }) => {
//     const article = await createArticle(request, { title: 'A draft', isPublished: false });
//     ...
//     await deleteArticle(request, article.id);
//   });
//
// The `request` fixture keeps its own cookies, so signing in here never touches the page's
// session. Every test shares the one e2e admin, and the admin tests log out and change the
// password, which ends every earlier session of that admin (by design): so each call signs in again
// once if its session was ended under it.

async function asAdmin(request: APIRequestContext, send: () => ReturnType<APIRequestContext['fetch']>) {
  let r = await send();
  if (r.status() === 401) {
    await signInThroughApi(request);
    r = await send();
  }
  return r;
}

let counter = 0;

/** Creates an article through POST /api/articles; anything not given gets a unique, valid default. */
export async function createArticle(request: APIRequestContext, payload: Partial<ArticleInput> = {}): Promise<Article> {
  const unique = `${Date.now().toString(36)}-${process.pid}-${++counter}`;
  const data: ArticleInput = {
    title: `E2E article ${unique}`,
    description: 'An article made by an end-to-end test.',
    content: '<p>Made by an end-to-end test.</p>',
    author: 'Admin',
    category: 'Thought Leadership',
    readTime: '3 min read',
    tags: [],
    isFeatured: false,
    isPublished: true,
    publishedAt: new Date().toISOString(),
    ...payload,
  };
  const r = await asAdmin(request, () => request.post('/api/articles', { data }));
  expect(r.status(), `create article: ${await r.text()}`).toBe(201);
  return (await r.json()) as Article;
}

/** Replaces an article's fields through PUT /api/articles/:id with `payload` over what it holds. */
export async function updateArticle(request: APIRequestContext, article: Article, payload: Partial<ArticleInput>): Promise<Article> {
  const { id, createdAt: _created, updatedAt: _updated, ...held } = article;
  const r = await asAdmin(request, () => request.put(`/api/articles/${id}`, { data: { ...held, ...payload } }));
  expect(r.status(), `update article ${id}: ${await r.text()}`).toBe(200);
  return (await r.json()) as Article;
}

/** Deletes an article through DELETE /api/articles/:id (an already deleted one is fine). */
export async function deleteArticle(request: APIRequestContext, id: number): Promise<void> {
  const r = await asAdmin(request, () => request.delete(`/api/articles/${id}`));
  expect([200, 404], `delete article ${id}: ${await r.text()}`).toContain(r.status());
}

/** Creates a service through POST /api/services; anything not given gets a unique, valid default. */
export async function createService(request: APIRequestContext, payload: Partial<ServiceInput> = {}): Promise<Service> {
  const unique = `${Date.now().toString(36)}-${process.pid}-${++counter}`;
  const data: ServiceInput = { title: `E2E service ${unique}`, description: 'A service made by an end-to-end test.', icon: 'target', features: [], ...payload };
  const r = await asAdmin(request, () => request.post('/api/services', { data }));
  expect(r.status(), `create service: ${await r.text()}`).toBe(201);
  return (await r.json()) as Service;
}

/** Replaces a service's fields through PUT /api/services/:id with `payload` over what it holds. */
export async function updateService(request: APIRequestContext, service: Service, payload: Partial<ServiceInput>): Promise<Service> {
  const { id, ...held } = service;
  const r = await asAdmin(request, () => request.put(`/api/services/${id}`, { data: { ...held, ...payload } }));
  expect(r.status(), `update service ${id}: ${await r.text()}`).toBe(200);
  return (await r.json()) as Service;
}

/** Deletes a service through DELETE /api/services/:id (an already deleted one is fine). */
export async function deleteService(request: APIRequestContext, id: number): Promise<void> {
  const r = await asAdmin(request, () => request.delete(`/api/services/${id}`));
  expect([200, 404], `delete service ${id}: ${await r.text()}`).toContain(r.status());
}

/** The Enquiries inbox's rows that `search` finds (name, email or company), through GET /api/enquiries. */
export async function searchEnquiries(request: APIRequestContext, search: string): Promise<{ items: Enquiry[]; total: number }> {
  const r = await asAdmin(request, () => request.get(`/api/enquiries?search=${encodeURIComponent(search)}`));
  expect(r.status(), `search enquiries: ${await r.text()}`).toBe(200);
  return (await r.json()) as { items: Enquiry[]; total: number };
}
