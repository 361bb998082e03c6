// Measures board pages (GET /ticket-boards/{id}/tickets, cursor paging) and ticket lists with many tickets,
// through the HTTP layer. PostgreSQL when DATABASE_URL is set (an empty database, or one this script seeded
// before), else PGlite in memory.
// Usage: [DATABASE_URL=postgres://...] node --import tsx bench/src/tickets-board.ts [tickets=100000] [requests=200]
import { buildApp, ensureAdministrator, loadConfig, openDatabase } from '@rmm/server';
import { sql } from 'drizzle-orm';
import { loadAverage, machineDescription } from './server-process.ts';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const ticketCount = Number(positional[0] ?? 100_000);
const requests = Number(positional[1] ?? 200);
const url = process.env.DATABASE_URL;

const origin = 'http://bench.local';
const config = {
  ...loadConfig({}),
  publicUrl: origin,
  adminEmail: 'bench@local',
  adminPassword: 'bench password',
  demo: false,
  webDist: '/none',
  helpArticlesDir: '',
};
const database = url
  ? await openDatabase({ driver: 'postgres', url })
  : await openDatabase({ driver: 'pglite' });
const app = await buildApp({ config, database, secretKey: Buffer.alloc(32, 1), logger: false });
await ensureAdministrator({ db: database.db, config, print: () => {} });
await app.ready(); // seeds the statuses and board 1

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * 100 organizations; statuses New/Open/Waiting/Paused/Resolved/Closed in the ratio 3:3:1:1:1:1 (so 80 % on the
 * board of open tickets); priority and severity round-robin; tag `vpn` on one in 10, `printer` on one in 7;
 * every 7th assigned to the administrator; created over the last 100,000 minutes, changed since.
 */
const seed = async () => {
  const n = (await rows<{ n: number }>(sql`select count(*)::int as n from tickets`))[0]?.n ?? 0;
  if (n >= ticketCount) return;
  const started = performance.now();
  const orgs = (await rows<{ n: number }>(sql`select count(*)::int as n from organizations`))[0]?.n ?? 0;
  if (orgs < 100) {
    await database.db.execute(
      sql`insert into organizations (name) select 'Bench org ' || g from generate_series(1, ${100 - orgs}) g`,
    );
  }
  const [admin] = await rows<{ id: number }>(sql`select id from users order by id limit 1`);
  await database.db.execute(sql`
    insert into tickets (organization_id, subject, description, type, source, status_id, priority, severity,
      tags, assignee_id, requester_email, created_by, created_at, updated_at)
    select (select min(id) from organizations) + (g % 100),
           (array['Printer jams', 'VPN drops', 'Disk almost full', 'New laptop', 'Password reset'])[1 + g % 5]
             || ' #' || g,
           'Seeded ticket ' || g,
           (array['PROBLEM','QUESTION','INCIDENT','TASK'])[1 + g % 4], 'TECHNICIAN',
           (array[1, 1, 1, 2, 2, 2, 3, 4, 5, 6])[1 + g % 10], g % 4, g % 5,
           case when g % 10 = 0 then array['vpn'] when g % 7 = 0 then array['printer'] else '{}'::text[] end,
           case when g % 7 = 0 then ${admin?.id ?? null}::integer end,
           'user' || (g % 5000) || '@customer.example', 'bench',
           now() - make_interval(mins => g), now() - make_interval(secs => (g * 7919) % 6000000)
    from generate_series(1, ${ticketCount - n}) g`);
  await database.db.execute(sql`vacuum analyze tickets`);
  console.log(`seeded ${ticketCount - n} tickets in ${Math.round(performance.now() - started)} ms`);
};
await seed();

const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  headers: { origin },
  payload: { email: 'bench@local', password: 'bench password' },
});
const cookie = `rmm_session=${login.cookies.find((c) => c.name === 'rmm_session')?.value}`;

const get = async (path: string) => {
  const response = await app.inject({ method: 'GET', url: path, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json() as { count: number | null; isCountCapped: boolean; nextCursor: string | null };
};

const board = async (body: object) => {
  const response = await app.inject({
    method: 'POST',
    url: '/ticket-boards',
    headers: { cookie, origin },
    payload: { name: `bench ${Math.random()}`, ...body },
  });
  return (response.json() as { board: { id: number } }).board.id;
};

/** The cursor of the page `depth` pages in (so a deep page can be measured on its own). */
const cursorAt = async (path: string, depth: number) => {
  let cursor: string | null = null;
  for (let i = 0; i < depth; i++) {
    const page = await get(`${path}${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = page.nextCursor;
  }
  return cursor;
};

const measure = async (label: string, path: string) => {
  const times: number[] = [];
  let count: string | null = null;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const page = await get(path);
    times.push(performance.now() - started);
    if (i === 0 && page.count !== null) count = `${page.count}${page.isCountCapped ? '+' : ''}`;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`| ${label} | ${count ?? '(later page)'} | ${at(0.5)} ms | ${at(0.99)} ms |`);
};

const [someOrganization] = await rows<{ id: number }>(sql`select min(id) as id from organizations`);
const mine = await board({
  conditions: { rules: [{ field: 'assigneeId', operator: 'EQUALS', value: 'CURRENT_USER' }] },
});
const urgentVpn = await board({
  conditions: {
    match: 'ALL',
    rules: [
      { field: 'priority', operator: 'IN', value: ['HIGH', 'MEDIUM'] },
      { field: 'tags', operator: 'CONTAINS', value: 'vpn' },
      { field: 'statusCategory', operator: 'NOT_IN', value: ['RESOLVED', 'CLOSED'] },
    ],
  },
  sort: { field: 'priority', direction: 'DESC' },
});
const anyOf = await board({
  conditions: {
    match: 'ANY',
    rules: [
      { field: 'severity', operator: 'EQUALS', value: 'CRITICAL' },
      { field: 'subject', operator: 'CONTAINS', value: 'disk' },
    ],
  },
  sort: { field: 'createTime', direction: 'DESC' },
});

console.log(`machine: ${machineDescription()}, load average ${loadAverage()}`);
console.log(
  `${ticketCount} tickets, ${url ? 'PostgreSQL' : 'PGlite'}, through app.inject (no network), ${requests} requests each`,
);
console.log('\n| request (50 per page) | matches | p50 | p99 |\n|---|---|---|---|');
const page1 = '/ticket-boards/1/tickets?pageSize=50';
await measure('board 1 (all open, by update time), first page with count', page1);
await measure('board 1, page 100 (cursor)', `${page1}&cursor=${await cursorAt(page1, 99)}`);
await measure(
  'board 1, one organization of 100',
  `/ticket-boards/1/tickets?pageSize=50&organizationId=${someOrganization?.id}`,
);
await measure('board "assigned to me" (CURRENT_USER)', `/ticket-boards/${mine}/tickets?pageSize=50`);
await measure(
  'board priority HIGH/MEDIUM and tag vpn, open, by priority',
  `/ticket-boards/${urgentVpn}/tickets?pageSize=50`,
);
await measure(
  'board ANY: critical or subject contains "disk"',
  `/ticket-boards/${anyOf}/tickets?pageSize=50`,
);
await measure('`GET /tickets?search=4242`', '/tickets?search=4242&pageSize=50');

await app.close();
await database.close();
