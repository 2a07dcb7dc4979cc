import { resetEnvCache } from '../../src/server/env.ts';

/**
 * Runs `run` with these environment variables set, then gives each the value it had before (unset
 * if it had none); the server reads each change afresh.
 */
export async function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  resetEnvCache();
  try {
    return await run();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  }
}
