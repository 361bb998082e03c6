import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './db/database.ts';
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const p = new PGlite({ extensions: { pg_trgm } }); await p.query('select 1');
  console.log('bare pglite', Math.round(performance.now() - t));
}
let t = performance.now();
const p = new PGlite({ extensions: { pg_trgm } });
await migrate(drizzle(p), { migrationsFolder });
console.log('pglite+migrate', Math.round(performance.now() - t));
t = performance.now();
const dump = await p.dumpDataDir('none');
console.log('dump', Math.round(performance.now() - t), dump.size);
for (let i = 0; i < 3; i++) {
  t = performance.now();
  const q = new PGlite({ extensions: { pg_trgm }, loadDataDir: dump });
  await migrate(drizzle(q), { migrationsFolder });
  console.log('load+migrate(noop)', Math.round(performance.now() - t));
}
