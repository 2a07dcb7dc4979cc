// The request handler of the built site, answering the way Netlify does: functions at their
// config.path, then static files with netlify.toml's header rules (@netlify/dev), then the
// adapter's on-demand function for whatever nothing else claimed. Shared by `npm start` and the
// Insights benchmark, so both measure and serve the same thing.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { loadFunctions } from './functions-router.mjs';
import { createNodeBridge } from './node-bridge.mjs';
import { projectRoot } from './runtime-env.mjs';

/** @param {{ port: number }} o  the port the handler is served on (for request URLs) */
export async function createSiteHandler({ port }) {
  const netlify = new NetlifyDev({
    projectRoot,
    // Everything that would reach the network or download a toolchain stays off.
    aiGateway: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    blobs: { enabled: false }, // the caller's blob server (scripts/lib/blobs-server.mjs) is announced in the environment
    functions: { enabled: false }, // served by scripts/lib/functions-router.mjs (see there why)
    serverAddress: null,
  });
  await netlify.start();
  // @netlify/dev does not load the adapter's on-demand function; it answers what nothing else
  // did (insights pages, the 404 page), as its `path: '/*'` with preferStatic does on Netlify.
  const { default: onDemand } = await import(pathToFileURL(path.join(projectRoot, '.netlify/v1/functions/ssr/ssr.mjs')).href);
  const functions = await loadFunctions(projectRoot);
  return {
    handler: createNodeBridge({ functions, netlify, onDemand, port }),
    stop: () => netlify.stop(),
  };
}
