// Measures GET /devices and a preset search with many devices, through the HTTP layer on PostgreSQL.
// Usage: DATABASE_URL=postgres://... node --import tsx bench/src/device-list.ts [devices=100000] [requests=200]
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { ensureAdministrator } from '../../apps/server/src/modules/auth/service.ts';

const deviceCount = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 200);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to an empty PostgreSQL database');

const origin = 'http://bench.local';
const config = {
  ...loadConfig({}),
  publicUrl: origin,
  adminEmail: 'bench@local',
  adminPassword: 'bench password',
  demo: false,
  webDist: '/none',
};
const database = await openDatabase({ driver: 'postgres', url });
const app = await buildApp({ config, database, secretKey: Buffer.alloc(32, 1), logger: false });
await ensureAdministrator(database.db, config, () => {});

const seed = async () => {
  // The shared Db type leaves driver results untyped; both drivers answer `{rows}`.
  const result = (await database.db.execute(sql`select count(*)::int as n from devices`)) as {
    rows: { n: number }[];
  };
  const n = Number(result.rows[0]?.n ?? 0);
  if (n >= deviceCount) return;
  const started = performance.now();
  await database.db.execute(
    sql`insert into organizations (name) select 'Bench org ' || g from generate_series(1, 100) g`,
  );
  await database.db.execute(sql`
    insert into devices (organization_id, display_name, hostname, status, platform, disk_percent, pending_reboot)
    select (select min(id) from organizations) + (g % 100), 'PC-' || g, 'host-' || g,
           (array['UP','DOWN','WARNING'])[1 + g % 3], 'linux', (g % 100)::real, g % 7 = 0
    from generate_series(1, ${deviceCount - n}) g`);
  await database.db.execute(sql`analyze devices`);
  console.log(`seeded ${deviceCount - n} devices in ${Math.round(performance.now() - started)} ms`);
};
await seed();

const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  headers: { origin },
  payload: { email: 'bench@local', password: 'bench password' },
});
const cookie = `rmm_session=${login.cookies.find((c) => c.name === 'rmm_session')?.value}`;

const measure = async (label: string, path: string) => {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: path, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(34)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  (${requests} requests)`);
};

console.log(`${deviceCount} devices, PostgreSQL, through app.inject (no network)`);
await measure('GET /devices (first page)', '/devices?pageSize=50');
await measure('GET /devices status=DOWN', '/devices?status=DOWN&pageSize=50');
await measure('GET /devices sort=-lastSeen page 100', '/devices?sort=-lastSeen&page=100&pageSize=50');
await measure('GET /devices search=host-4242', '/devices?search=host-4242&pageSize=50');
await measure('GET /searches/-3/devices (DOWN)', '/searches/-3/devices?pageSize=50');
await measure('GET /searches/-6/devices (low disk)', '/searches/-6/devices?pageSize=50');
await app.close();
await database.close();
