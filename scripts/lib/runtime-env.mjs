// Environment shared by every local entry point (start, dev, migrate, admin): quiet Astro, and
// resolve DATA_DIR once so every process agrees on where the data lives.
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

export function localEnv() {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.ASTRO_DISABLE_UPDATE_CHECK = 'true';
  const dataDir = path.resolve(projectRoot, process.env.DATA_DIR || '.data');
  process.env.DATA_DIR = dataDir;
  const port = Number(process.env.PORT || 4321);
  // 0 asks for any free port (the tests' own servers).
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  // Loopback on both address families unless HOST names one address (0.0.0.0 or :: for the network).
  const hosts = process.env.HOST ? [process.env.HOST] : ['127.0.0.1', '::1'];
  const trustProxy = ['1', 'true'].includes((process.env.TRUST_PROXY ?? '').toLowerCase());
  return { dataDir, port, hosts, trustProxy };
}
