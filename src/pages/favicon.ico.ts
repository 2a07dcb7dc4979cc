/** /favicon.ico, built once from the SVG icon (src/server/pages/favicon-raster.ts). */
import type { APIRoute } from 'astro';
import { faviconIco } from '../server/pages/favicon-raster';

export const prerender = true;

export const GET: APIRoute = async () => new Response(await faviconIco(), { headers: { 'Content-Type': 'image/x-icon' } });
