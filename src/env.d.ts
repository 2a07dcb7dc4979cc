declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when src/lib/island-demand.ts's demandIsland(name) is called (see there). */
    'client:demand'?: import('./lib/island-demand').IslandName;
  }
}

export {};
