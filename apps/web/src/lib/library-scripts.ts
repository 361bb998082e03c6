import type { ListScriptsResponse, Script, ScriptOperatingSystem, ScriptResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from './api.ts';
import { queryRoots } from './query-keys.ts';

/** The library scripts a Run script dialog offers; editing them is the script library's. */
export type RunnableScriptParams = { search?: string; operatingSystem?: ScriptOperatingSystem };

/** At most this many scripts are offered at once; the search narrows them. */
export const RUNNABLE_SCRIPTS_PAGE_SIZE = 100;

export const libraryScriptKeys = {
  runnable: (params: RunnableScriptParams) => [...queryRoots.scripts, 'runnable', params] as const,
  forRun: (id: number) => [...queryRoots.scripts, 'for-run', id] as const,
};

export const useRunnableScriptsQuery = (params: RunnableScriptParams) =>
  useQuery({
    queryKey: libraryScriptKeys.runnable(params),
    queryFn: () =>
      apiRequest<ListScriptsResponse>(
        'GET',
        `${apiPaths.scripts()}${toQuery({ ...params, page: 1, pageSize: RUNNABLE_SCRIPTS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** One script with its typed parameters, default run-as and timeout (GET /scripts/:id answers `{script}`). */
export const useScriptForRunQuery = (id: number | undefined) =>
  useQuery({
    queryKey: libraryScriptKeys.forRun(id ?? 0),
    queryFn: async (): Promise<Script> =>
      (await apiRequest<ScriptResponse>('GET', apiPaths.script(id!))).script,
    enabled: id !== undefined,
  });
