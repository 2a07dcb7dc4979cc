import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, describeFailure } from './api-client';

// A real HTTP server, so the client reads real answers: their status, content type and body.
let server: Server;
let origin: string;
const answers: Record<string, { status: number; type: string; body: string }> = {
  '/refused': { status: 409, type: 'application/json', body: '{"error":"This email address is already subscribed."}' },
  '/issues-only': { status: 400, type: 'application/json', body: '{"issues":{"email":"Invalid email"}}' },
  '/html-404': { status: 404, type: 'text/html', body: '<!doctype html><h1>Page not found</h1>' },
  '/crash': { status: 500, type: 'text/plain', body: 'Error: boom\n    at handler (/var/task/x.js:1:1)' },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = answers[req.url ?? '']!;
    res.writeHead(answer.status, { 'Content-Type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failureOf = (path: string) => api.get(origin + path).then(() => expect.unreachable(), describeFailure);

describe('describeFailure', () => {
  it("shows the server's own error text", async () => {
    expect(await failureOf('/refused')).toBe('This email address is already subscribed.');
  });

  it('never shows an answer body the server meant for no reader: a 4xx page, JSON with no error text, a 5xx', async () => {
    expect(await failureOf('/html-404')).toBe('Please try again later.');
    expect(await failureOf('/issues-only')).toBe('Please try again later.');
    expect(await failureOf('/crash')).toBe('Please try again later.');
  });

  it("gives the caller's own words in place of the generic ones", async () => {
    expect(await api.get(origin + '/html-404').then(() => expect.unreachable(), (error) => describeFailure(error, 'Failed to delete the image.'))).toBe(
      'Failed to delete the image.',
    );
  });

  it('says try again when there was no answer at all', async () => {
    expect(await api.get('http://127.0.0.1:1/nothing').then(() => expect.unreachable(), describeFailure)).toBe('Please try again later.');
  });
});
