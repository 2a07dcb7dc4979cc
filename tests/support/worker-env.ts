import { inject } from 'vitest';

// Each test worker reaches the run's database through the same environment variables production uses.
Object.assign(process.env, inject('testEnv'));
