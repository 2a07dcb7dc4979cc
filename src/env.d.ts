declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when src/lib/island-demand.ts's demandIsland(name) is called (see there). */
    'client:demand'?: import('./lib/island-demand').IslandName;
  }
}

declare module 'virtual:page-runtime' {
  /** src/scripts/page-runtime.ts as one minified module, for BaseLayout to inline (scripts/lib/page-runtime-plugin.mjs). */
  export const code: string;
  /** Its CSP hash ('sha256-...'). */
  export const hash: `sha256-${string}`;
}

export {};
