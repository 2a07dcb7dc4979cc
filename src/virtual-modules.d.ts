// The virtual modules of this project's Vite plugins (scripts/lib/*-plugin.mjs). No imports or
// exports at the top level: these are ambient declarations, not augmentations.

declare module 'virtual:page-runtime' {
  /** src/scripts/page-start.ts as one minified module, for BaseLayout to inline (scripts/lib/page-runtime-plugin.mjs). */
  export const code: string;
  /** Its CSP hash ('sha256-...'). */
  export const hash: `sha256-${string}`;
  /** Where src/scripts/page-runtime.ts is served, as one content-hashed module the inline start brings in. */
  export const runtimePath: string;
}
