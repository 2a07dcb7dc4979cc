import { resetEnvCache } from '../../src/server/env.ts';

/** Runs `run` with these environment variables set, then unsets them; the server reads each change afresh. */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  Object.assign(process.env, vars);
  resetEnvCache();
  try {
    return await run();
  } finally {
    for (const name of Object.keys(vars)) delete process.env[name];
    resetEnvCache();
  }
}
