/**
 * The deploy context of the running invocation, as Netlify's runtime announces it on its global
 * (`Netlify.context.deploy.context`): 'production', 'deploy-preview', 'branch-deploy', a branch's
 * own context name, or 'dev' under `netlify dev`. Null where nothing announces one: the local
 * runtime, the tests and the scripts, each of which is the only deploy there is.
 */
export function currentDeployContext(): string | null {
  const netlify = (globalThis as { Netlify?: { context?: { deploy?: { context?: unknown } } | null } }).Netlify;
  const context = netlify?.context?.deploy?.context;
  return typeof context === 'string' && context !== '' ? context : null;
}

/**
 * Whether the running deploy is the live site: production, or a runtime with no other deploy
 * beside it (`netlify dev`, the local runtime). A deploy preview or a branch deploy is not.
 */
export function isLiveDeploy(context = currentDeployContext()): boolean {
  return context === null || context === 'production' || context === 'dev';
}
