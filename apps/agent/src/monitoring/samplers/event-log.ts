import type { AgentCondition, ConditionParameters } from '@rmm/domain';
import { clip } from '../../collectors/text.ts';
import { msOf } from '../settings.ts';
import { type Check, ConditionNotSampledError, type SamplerContext } from '../types.ts';
import { createOccurrenceWindow, type Occurrence } from './occurrences.ts';
import { minutesMs, parametersOf } from './parameters.ts';

type EventLogParameters = ConditionParameters<'EVENT_LOG'>;
type Level = EventLogParameters['level'];

/** The journal's priorities (syslog's: 0 emergency ... 7 debug) that count at each level. */
const journalMaxPriority: Record<Level, number> = {
  ANY: 7,
  INFORMATION: 6,
  WARNING: 4,
  ERROR: 3,
  CRITICAL: 2,
};

/** Windows event levels (1 critical, 2 error, 3 warning, 4 and 0 information, 5 verbose) at each level. */
export const windowsLevels: Record<Level, number[]> = {
  ANY: [],
  INFORMATION: [0, 1, 2, 3, 4],
  WARNING: [1, 2, 3],
  ERROR: [1, 2],
  CRITICAL: [1],
};

const contains = (text: string, part: string) =>
  part === '' || text.toLowerCase().includes(part.toLowerCase());

type JournalEntry = { cursor: string; at: number; priority: number; unit: string; text: string };

/** One line of `journalctl -o json`; MESSAGE may be an array of bytes when it is not UTF-8. */
export const parseJournalLine = (line: string): JournalEntry | undefined => {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const cursor = record.__CURSOR;
  if (typeof cursor !== 'string') return undefined;
  const raw = record.MESSAGE;
  const message = Array.isArray(raw)
    ? Buffer.from(raw.filter((b): b is number => typeof b === 'number')).toString('utf8')
    : typeof raw === 'string'
      ? raw
      : '';
  const identifier = typeof record.SYSLOG_IDENTIFIER === 'string' ? record.SYSLOG_IDENTIFIER : '';
  const unit = typeof record._SYSTEMD_UNIT === 'string' ? record._SYSTEMD_UNIT : '';
  const micros = Number(record.__REALTIME_TIMESTAMP);
  return {
    cursor,
    at: Number.isFinite(micros) ? Math.floor(micros / 1000) : Date.now(),
    priority: Number.isFinite(Number(record.PRIORITY)) ? Number(record.PRIORITY) : 6,
    unit,
    text: clip(identifier ? `${identifier}: ${message}` : message, 1000),
  };
};

/** The journalctl arguments of one poll: after the cursor of the last entry read, or since the check began. */
export const journalctlArgs = (p: EventLogParameters, cursor: string | undefined, sinceMs: number) => [
  '-o',
  'json',
  '--no-pager',
  '-q',
  '-n',
  '10000',
  ...(p.log ? ['-u', p.log] : []),
  ...(p.level === 'ANY' ? [] : ['-p', `0..${journalMaxPriority[p.level]}`]),
  ...(cursor ? [`--after-cursor=${cursor}`] : [`--since=@${Math.floor(sinceMs / 1000)}`]),
];

/** Where the first poll starts: the check's start, or for a dry run the window before now. */
const firstPollFrom = (p: EventLogParameters, context: SamplerContext) =>
  context.now().getTime() - (context.isDryRun ? minutesMs(context.settings.secondMs, p.windowMinutes) : 0);

/**
 * journald: polled with a cursor (`journalctl -o json --after-cursor`), so no entry is counted twice and
 * none is missed between polls; the first poll starts at the check's start. `log` is a unit (`-u`), the level
 * a priority range; journald has no event ids, so `eventIds` is not used there.
 */
const journaldCheck = (p: EventLogParameters, context: SamplerContext): Check => {
  const window = createOccurrenceWindow({
    occurrences: p.occurrences,
    windowMs: minutesMs(context.settings.secondMs, p.windowMinutes),
    now: context.now,
  });
  const startedAt = firstPollFrom(p, context);
  let cursor: string | undefined;
  const describe = (count: number) =>
    `${count} matching journal entr${count === 1 ? 'y' : 'ies'} in ${p.windowMinutes} min`;
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.eventLog),
    durationMs: 0,
    sample: async () => {
      const result = await context.sources.run(
        'journalctl',
        journalctlArgs(p, cursor, startedAt),
        msOf(context.settings, context.settings.commandTimeoutSeconds),
      );
      if (result.code !== 0 && result.stdout.trim() === '')
        throw new Error(`journalctl exited with code ${result.code}`);
      for (const line of result.stdout.split('\n')) {
        const entry = parseJournalLine(line);
        if (!entry) continue;
        cursor = entry.cursor;
        if (entry.priority > journalMaxPriority[p.level]) continue;
        if (p.log && entry.unit !== p.log && entry.unit !== `${p.log}.service`) continue;
        if (!contains(entry.text, p.textContains)) continue;
        window.add({ at: entry.at, text: entry.text });
      }
      return [window.reading('', describe)];
    },
  };
};

type WindowsEvent = {
  RecordId: number;
  Id: number;
  Level: number;
  LogName: string;
  Time: string;
  Message: string;
};

/** `ConvertTo-Json` of Get-WinEvent's selection: one object or an array of them. */
export const parseWinEvents = (stdout: string): WindowsEvent[] => {
  const text = stdout.trim();
  if (!text) return [];
  const parsed = JSON.parse(text) as WindowsEvent | WindowsEvent[];
  return Array.isArray(parsed) ? parsed : [parsed];
};

const psString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The PowerShell of one poll: the events of the logs since `sinceIso`, filtered by level and ids there. */
export const winEventScript = (p: EventLogParameters, sinceIso: string) => {
  const logs = p.log ? [p.log] : ['System', 'Application'];
  const filter = [
    `LogName=@(${logs.map(psString).join(',')})`,
    `StartTime=[datetime]::Parse(${psString(sinceIso)}).ToLocalTime()`,
    ...(windowsLevels[p.level].length ? [`Level=@(${windowsLevels[p.level].join(',')})`] : []),
    ...(p.eventIds.length ? [`Id=@(${p.eventIds.join(',')})`] : []),
  ].join('; ');
  return [
    "$ErrorActionPreference = 'Stop'",
    'try {',
    `  $events = @(Get-WinEvent -FilterHashtable @{${filter}} -MaxEvents 10000)`,
    '} catch {',
    "  if ($_.FullyQualifiedErrorId -match 'NoMatchingEventsFound') { $events = @() } else { throw }",
    '}',
    "$events | Select-Object RecordId, Id, Level, LogName, @{n='Time';e={$_.TimeCreated.ToUniversalTime().ToString('o')}}, @{n='Message';e={[string]$_.Message}} | ConvertTo-Json -Compress -Depth 2",
  ].join('\n');
};

export const powershellArgs = (script: string) => [
  '-NoProfile',
  '-NonInteractive',
  '-ExecutionPolicy',
  'Bypass',
  '-Command',
  script,
];

/** The Windows event log: polled with Get-WinEvent from the time of the latest event read (records seen skipped). */
const windowsCheck = (p: EventLogParameters, context: SamplerContext): Check => {
  const window = createOccurrenceWindow({
    occurrences: p.occurrences,
    windowMs: minutesMs(context.settings.secondMs, p.windowMinutes),
    now: context.now,
  });
  let since = new Date(firstPollFrom(p, context)).toISOString();
  let seen = new Set<string>();
  const describe = (count: number) => `${count} matching event(s) in ${p.windowMinutes} min`;
  return {
    intervalMs: msOf(context.settings, context.settings.intervals.eventLog),
    durationMs: 0,
    sample: async () => {
      const result = await context.sources.run(
        'powershell.exe',
        powershellArgs(winEventScript(p, since)),
        msOf(context.settings, context.settings.commandTimeoutSeconds),
      );
      if (result.code !== 0) throw new Error(`Get-WinEvent failed (exit code ${result.code})`);
      const events = parseWinEvents(result.stdout).sort((a, b) => a.Time.localeCompare(b.Time));
      for (const event of events) {
        if (seen.has(`${event.LogName}:${event.RecordId}`)) continue;
        if (!contains(event.Message ?? '', p.textContains)) continue;
        const occurrence: Occurrence = {
          at: Date.parse(event.Time),
          text: clip(`${event.LogName} ${event.Id}: ${event.Message ?? ''}`, 1000),
        };
        window.add(occurrence);
      }
      const latest = events.at(-1);
      if (latest) {
        // The next poll starts at the latest event's time (inclusive): the events of that instant are skipped.
        since = latest.Time;
        seen = new Set(events.filter((e) => e.Time === latest.Time).map((e) => `${e.LogName}:${e.RecordId}`));
      }
      return [window.reading('', describe)];
    },
  };
};

export const eventLogCheck = (condition: AgentCondition, context: SamplerContext): Check => {
  const p = parametersOf(condition, 'EVENT_LOG');
  if (p.source === 'JOURNALD' && context.platform === 'linux') return journaldCheck(p, context);
  if (p.source === 'WINDOWS' && context.platform === 'win32') return windowsCheck(p, context);
  throw new ConditionNotSampledError(
    `a ${p.source} event log condition cannot be sampled on ${context.platform}`,
  );
};
