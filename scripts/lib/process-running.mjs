/**
 * Whether a process of this id runs: signal 0 tests for it without touching it (EPERM: it does,
 * under another user). The local folders a process claims by writing its id (the embedded
 * database's lock, a build snapshot) are taken over or swept once their owner has gone.
 */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}
