import { describe, expect, it } from 'vitest';
import { ISLAND_RUNTIME, ISLAND_RUNTIME_PATH, withIslandRuntimeOnDemand } from './island-runtime.ts';

const page = (...clients: string[]) =>
  `<!DOCTYPE html><html lang="en-AU"><head></head><body><script>${ISLAND_RUNTIME}</script>${clients
    .map((client) => `<astro-island uid="a" component-url="/_astro/A.js" props="{&quot;x&quot;:[0,&quot;&gt;&quot;]}" ssr client="${client}" opts="{}"></astro-island>`)
    .join('')}</body></html>`;

describe('withIslandRuntimeOnDemand', () => {
  it('takes the runtime out of a page whose islands all wait for a demand, and names its file', () => {
    const html = withIslandRuntimeOnDemand(page('demand', 'demand'));
    expect(html).not.toContain(ISLAND_RUNTIME);
    expect(html.startsWith(`<!DOCTYPE html><html data-island-runtime="${ISLAND_RUNTIME_PATH}" lang="en-AU">`)).toBe(true);
    expect(ISLAND_RUNTIME_PATH).toMatch(/^\/_astro\/astro-island\.[\w-]{12}\.js$/);
  });

  it('keeps it inline when any island hydrates without a demand', () => {
    const original = page('demand', 'load');
    expect(withIslandRuntimeOnDemand(original)).toBe(original);
  });

  it('leaves a page without the runtime or without islands as it is', () => {
    const noRuntime = '<html><body><astro-island client="demand"></astro-island></body></html>';
    expect(withIslandRuntimeOnDemand(noRuntime)).toBe(noRuntime);
    const noIslands = page();
    expect(withIslandRuntimeOnDemand(noIslands)).toBe(noIslands);
  });
});
