/** /apple-touch-icon.png: the 180 px icon a phone puts on its home screen, built once from the SVG icon. */
import type { APIRoute } from 'astro';
import { faviconPng } from '../server/pages/favicon-raster';

export const prerender = true;

export const GET: APIRoute = async () => new Response(await faviconPng(180, { opaque: true }), { headers: { 'Content-Type': 'image/png' } });
