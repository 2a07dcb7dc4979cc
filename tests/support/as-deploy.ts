/**
 * Runs `run` as an invocation of the named deploy: Netlify's runtime names the invocation's deploy
 * on its global, `Netlify.context.deploy.context` (src/server/deploy-context.ts), and the test
 * announces one the same way while it runs.
 */
export async function asDeploy<T>(context: string, run: () => Promise<T>): Promise<T> {
  const holder = globalThis as { Netlify?: unknown };
  const saved = holder.Netlify;
  // Its env is the process's, as on Netlify: @netlify/blobs reads the blobs context through it.
  const env = {
    get: (key: string) => process.env[key],
    has: (key: string) => key in process.env,
    set: (key: string, value: string) => void (process.env[key] = value),
    delete: (key: string) => void delete process.env[key],
    toObject: () => ({ ...process.env }),
  };
  holder.Netlify = { context: { deploy: { context, id: `${context}-deploy`, published: false } }, env };
  try {
    return await run();
  } finally {
    holder.Netlify = saved;
  }
}
