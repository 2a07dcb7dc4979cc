// `npm run db:pin-migrations`: pins each new migration in netlify/database/migrations, adding its
// SHA-256 to db/migrations.sha256 (src/server/db/migration-pins.ts). It never rewrites a pin: a
// landed migration is frozen, and one whose bytes changed is put back, not pinned again.
import { pinDrift, pinNewMigrations, describeDrift } from '../src/server/db/migration-pins.ts';

const added = await pinNewMigrations();
console.log(added.length > 0 ? `Pinned ${added.join(', ')}.` : 'Every migration is pinned already.');
const drift = await pinDrift();
if (drift.changed.length > 0 || drift.removed.length > 0) {
  console.error(describeDrift(drift));
  process.exitCode = 1;
}
