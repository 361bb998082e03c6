import {
  type AgentPlatform,
  checkScriptParameterValue,
  type JobTypeName,
  type ResolvedLibraryScript,
  type ScriptJobContent,
  type ScriptOperatingSystem,
  scriptOperatingSystemLabels,
  scriptOperatingSystemOfPlatform,
  scriptParameterOf,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { scriptError } from '../scripts/errors.ts';
import { findRunnableVersion, type RunnableScriptVersion, scriptExists } from '../scripts/repository.ts';
import { jobError } from './errors.ts';
import { findDevicePlatforms, type JobDevice } from './repository.ts';

/**
 * Library scripts in jobs: a submitted `{scriptId, version?}` becomes the `ResolvedLibraryScript` of the
 * version that runs (its code, so the job and the agent hold exactly what ran). Its parameters are checked
 * and completed with their defaults, its run-as and timeout apply where the submission gave none, and the
 * device must run one of its operating systems. Any refusal refuses the whole submission.
 */

export type LibraryRef = { scriptId: number; version?: number | undefined };
export type LibraryVersions = ReadonlyMap<string, RunnableScriptVersion>;

export const libraryKeyOf = (ref: LibraryRef) => `${ref.scriptId}@${ref.version ?? 'newest'}`;

/** The library script a submitted job names (a resolved one submitted again is looked up afresh). */
export const libraryRefOf = (jobType: JobTypeName, content: unknown): LibraryRef | undefined => {
  if (jobType !== 'ACTION' || typeof content !== 'object' || content === null) return undefined;
  const script = (content as { script?: unknown }).script;
  if (typeof script !== 'object' || script === null || !('scriptId' in script)) return undefined;
  const { scriptId, version } = script as { scriptId: unknown; version?: unknown };
  if (typeof scriptId !== 'number') return undefined;
  return { scriptId, version: typeof version === 'number' ? version : undefined };
};

/** Each library script version the jobs name, looked up once; 404 for a script or version that is not there. */
export const loadLibraryScripts = async (db: DbOrTx, refs: LibraryRef[]): Promise<LibraryVersions> => {
  const loaded = new Map<string, RunnableScriptVersion>();
  for (const ref of refs) {
    const key = libraryKeyOf(ref);
    if (loaded.has(key)) continue;
    const found = await findRunnableVersion(db, ref.scriptId, ref.version);
    if (!found) {
      const isScriptThere = ref.version !== undefined && (await scriptExists(db, ref.scriptId));
      throw isScriptThere ? scriptError('SCRIPT_VERSION_NOT_FOUND') : jobError('SCRIPT_NOT_FOUND');
    }
    loaded.set(key, found);
  }
  return loaded;
};

/** One value per script parameter, in order: '' or missing takes the default; each checked against its type. */
const parameterValuesOf = (version: RunnableScriptVersion, given: string[]): string[] => {
  if (given.length > version.parameters.length)
    throw jobError(
      'SCRIPT_PARAMETER_INVALID',
      `${version.name} takes ${version.parameters.length} parameter(s); ${given.length} were given.`,
    );
  return version.parameters.map((parameter, index) => {
    // A default is sanitised like a typed value (spec §5): every argument passes the same rule.
    const value = given[index] || scriptParameterOf(parameter.defaultValue);
    const problem = checkScriptParameterValue(parameter, value);
    if (problem) throw jobError('SCRIPT_PARAMETER_INVALID', problem);
    return value;
  });
};

const hasKey = (raw: Record<string, unknown>, key: string) => raw[key] !== undefined;

/**
 * The content stored for a library script job. `raw` is the content as submitted: run-as and timeout not
 * given there are the version's defaults (the parsed content has the generic defaults filled in).
 */
export const resolveLibraryContent = (
  raw: Record<string, unknown>,
  parsed: ScriptJobContent,
  versions: LibraryVersions,
  ref: LibraryRef,
): { content: Record<string, unknown>; scriptOperatingSystems: ScriptOperatingSystem[] } => {
  const version = versions.get(libraryKeyOf(ref))!;
  const script: ResolvedLibraryScript = {
    scriptId: version.scriptId,
    version: version.version,
    name: version.name,
    language: version.language as ResolvedLibraryScript['language'],
    code: version.code,
  };
  const content: ScriptJobContent = {
    script,
    parameters: parameterValuesOf(version, parsed.parameters),
    runAs: hasKey(raw, 'runAs') ? parsed.runAs : version.defaultRunAs,
    timeoutSeconds: hasKey(raw, 'timeoutSeconds') ? parsed.timeoutSeconds : version.timeoutSeconds,
  };
  return { content, scriptOperatingSystems: version.operatingSystems };
};

const operatingSystemNames = (list: ScriptOperatingSystem[]) =>
  list.map((os) => scriptOperatingSystemLabels[os]).join(', ');

/** A new job as far as the platform check reads it (a `NewJob`). */
type PlatformCheckedJob = {
  device: JobDevice;
  content: Record<string, unknown>;
  scriptOperatingSystems?: ScriptOperatingSystem[];
};

/** Refuses (422) when a device's platform is not among the operating systems of its library script. */
export const checkScriptPlatforms = async (db: DbOrTx, jobs: PlatformCheckedJob[]) => {
  const checked = jobs.filter((job) => job.scriptOperatingSystems !== undefined);
  if (checked.length === 0) return;
  const ids = [...new Set(checked.map((job) => job.device.id))];
  const platforms = new Map((await findDevicePlatforms(db, ids)).map((row) => [row.id, row.platform]));
  for (const job of checked) {
    const platform = (platforms.get(job.device.id) ?? 'other') as AgentPlatform;
    const system = scriptOperatingSystemOfPlatform(platform);
    const allowed = job.scriptOperatingSystems!;
    if (system && allowed.includes(system)) continue;
    const name = (job.content.script as ResolvedLibraryScript).name;
    throw jobError(
      'SCRIPT_PLATFORM_MISMATCH',
      system
        ? `${name} runs on ${operatingSystemNames(allowed)}; ${job.device.displayName} runs ${scriptOperatingSystemLabels[system]}.`
        : `${name} runs on ${operatingSystemNames(allowed)}; ${job.device.displayName} has not reported its operating system yet.`,
    );
  }
};
