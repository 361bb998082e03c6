// Measures GET /devices (list, filters, text search, deep pages) and preset searches with many devices,
// through the HTTP layer on PostgreSQL.
// Usage: DATABASE_URL=postgres://... node --import tsx bench/src/device-list.ts [devices=100000] [requests=200]
import { defaultSearchPresets } from '@rmm/domain';
import { buildApp, ensureAdministrator, loadConfig, openDatabase } from '@rmm/server';
import { sql } from 'drizzle-orm';
import { loadAverage, machineDescription } from './server-process.ts';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const deviceCount = Number(positional[0] ?? 100_000);
const requests = Number(positional[1] ?? 200);
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
  // The seeded devices have no agents: the DOWN sweep must not rewrite their status during the run.
  offlineThresholdSeconds: 10 * 365 * 86_400,
};
const database = await openDatabase({ driver: 'postgres', url });
const app = await buildApp({ config, database, secretKey: Buffer.alloc(32, 1), logger: false });
await ensureAdministrator({ db: database.db, config, print: () => {} });

// The shared Db type leaves driver results untyped; both drivers answer `{rows}`.
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const seed = async () => {
  const n = (await rows<{ n: number }>(sql`select count(*)::int as n from devices`))[0]?.n ?? 0;
  if (n >= deviceCount) return;
  const started = performance.now();
  await database.db.execute(
    sql`insert into organizations (name) select 'Bench org ' || g from generate_series(1, 100) g`,
  );
  // A third each UP, DOWN, WARNING; one in 50 never seen; the rest seen within the last week;
  // disk use 0-99 % (so about 9 % have under 10 % free); one in 7 waits for a reboot.
  await database.db.execute(sql`
    insert into devices (organization_id, display_name, hostname, status, platform, os_name, os_version,
      logged_on_user, ip_addresses, disk_percent, pending_reboot, last_seen_at, created_at)
    select (select min(id) from organizations) + (g % 100), 'PC-' || g, 'host-' || g,
           (array['UP','DOWN','WARNING'])[1 + g % 3], (array['win32','linux','darwin'])[1 + g % 3],
           (array['Windows 11 Pro','Debian GNU/Linux','macOS'])[1 + g % 3], '1.' || (g % 10),
           'user' || (g % 5000),
           jsonb_build_array('10.' || (g / 65536 % 256) || '.' || (g / 256 % 256) || '.' || (g % 256)),
           (g % 100)::real, g % 7 = 0,
           case when g % 50 = 0 then null else now() - make_interval(secs => (g * 7919) % 604800) end,
           now() - make_interval(days => g % 700)
    from generate_series(1, ${deviceCount - n}) g`);
  await database.db.execute(sql`vacuum analyze devices`);
  console.log(`seeded ${deviceCount - n} devices in ${Math.round(performance.now() - started)} ms`);
};
await seed();

/**
 * 50 tags: tag-1 on every 2nd device (half of them), tag-2 on every 5th, tag-3 on every 100th, tag-4..50 on
 * one device in 500 each; so the tag criteria range from broad to narrow.
 */
const seedTags = async () => {
  const n = (await rows<{ n: number }>(sql`select count(*)::int as n from tags`))[0]?.n ?? 0;
  if (n > 0) return;
  const started = performance.now();
  await database.db.execute(sql`insert into tags (name) select 'tag-' || g from generate_series(1, 50) g`);
  await database.db.execute(sql`
    insert into device_tags (device_id, tag_id)
    select d.id, t.id from devices d join tags t on
      (t.name = 'tag-1' and d.id % 2 = 0) or (t.name = 'tag-2' and d.id % 5 = 0) or
      (t.name = 'tag-3' and d.id % 100 = 0) or
      (t.name not in ('tag-1', 'tag-2', 'tag-3') and d.id % 500 = substr(t.name, 5)::int)
    on conflict do nothing`);
  await database.db.execute(sql`vacuum analyze tags`);
  await database.db.execute(sql`vacuum analyze device_tags`);
  const [links] = await rows<{ n: number }>(sql`select count(*)::int as n from device_tags`);
  console.log(`seeded 50 tags on ${links?.n} links in ${Math.round(performance.now() - started)} ms`);
};
await seedTags();

const [someOrganization] = await rows<{ id: number }>(
  sql`select organization_id as id from devices group by organization_id order by organization_id limit 1`,
);

const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  headers: { origin },
  payload: { email: 'bench@local', password: 'bench password' },
});
const cookie = `rmm_session=${login.cookies.find((c) => c.name === 'rmm_session')?.value}`;

const measure = async (label: string, path: string) => {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: path, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    times.push(performance.now() - started);
    if (i === 0) count = (response.json() as { count: number }).count;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`| ${label} | ${count} | ${at(0.5)} ms | ${at(0.95)} ms |`);
};

console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
console.log(`${deviceCount} devices, PostgreSQL, through app.inject (no network), ${requests} requests each`);
console.log('\n| request (50 per page) | matches | p50 | p95 |\n|---|---|---|---|');
await measure('`GET /devices` first page', '/devices?pageSize=50');
await measure('`GET /devices?status=DOWN`', '/devices?status=DOWN&pageSize=50');
await measure(
  '`GET /devices?organizationId=…` (one of 100)',
  `/devices?organizationId=${someOrganization?.id}&pageSize=50`,
);
await measure('`GET /devices?sort=-lastSeen`', '/devices?sort=-lastSeen&pageSize=50');
await measure('`GET /devices?page=100`', '/devices?page=100&pageSize=50');
await measure('`GET /devices?sort=-lastSeen&page=100`', '/devices?sort=-lastSeen&page=100&pageSize=50');
await measure('`GET /devices?page=1000`', '/devices?page=1000&pageSize=50');
await measure('`GET /devices?search=host-4242`', '/devices?search=host-4242&pageSize=50');
await measure('`GET /devices?search=10.0.42.`', '/devices?search=10.0.42.&pageSize=50');
await measure('`GET /devices?search=pc-1` (broad)', '/devices?search=pc-1&pageSize=50');
for (const preset of defaultSearchPresets)
  await measure(
    `\`GET /searches/${preset.id}/devices\` (preset ${preset.search})`,
    `/searches/${preset.id}/devices?pageSize=50`,
  );
await measure('`GET /searches/-3/devices?page=100`', '/searches/-3/devices?page=100&pageSize=50');

/** A saved search of one tag rule, for GET /searches/{id}/devices. */
const tagSearch = async (operator: string, value: string[]) => {
  const response = await app.inject({
    method: 'POST',
    url: '/searches',
    headers: { cookie, origin },
    payload: {
      search: `bench ${operator} ${value.join(' ')}`,
      criteria: { match: 'all', rules: [{ field: 'tags', operator, value }] },
    },
  });
  return (response.json() as { id: number }).id;
};
for (const [operator, value] of [
  ['hasAnyOf', ['tag-1']],
  ['hasAnyOf', ['tag-3']],
  ['hasAnyOf', ['tag-7', 'tag-8']],
  ['hasAllOf', ['tag-1', 'tag-2']],
  ['hasNoneOf', ['tag-1']],
] as const) {
  const id = await tagSearch(operator, [...value]);
  await measure(
    `\`GET /searches/{id}/devices\` (tags ${operator} ${value.join(', ')})`,
    `/searches/${id}/devices?pageSize=50`,
  );
}
console.log(`\nload average at the end: ${loadAverage()}`);
await app.close();
await database.close();
