import type { SaveScriptRequest } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ScriptListParams, scriptsApi } from './api.ts';

const isId = (id: number) => Number.isInteger(id) && id > 0;

/** Whether a URL's `:id` can name a script or template (a positive whole number). */
export const isScriptId = (id: string) => /^\d+$/.test(id) && isId(Number(id));

export const scriptKeys = {
  lists: ['scripts', 'list'] as const,
  list: (params: ScriptListParams) => ['scripts', 'list', params] as const,
  script: (id: number) => ['scripts', 'detail', id] as const,
  versions: (id: number) => ['scripts', 'versions', id] as const,
  version: (id: number, version: number) => ['scripts', 'version', id, version] as const,
  templates: ['script-templates', 'list'] as const,
  template: (id: number) => ['script-templates', 'detail', id] as const,
};

export const useScriptsQuery = (params: ScriptListParams) =>
  useQuery({
    queryKey: scriptKeys.list(params),
    queryFn: () => scriptsApi.scripts(params),
    placeholderData: keepPreviousData,
  });

export const useScriptQuery = (id: number) =>
  useQuery({
    queryKey: scriptKeys.script(id),
    queryFn: () => scriptsApi.script(id).then((answer) => answer.script),
    enabled: isId(id),
  });

export const useScriptVersionsQuery = (id: number) =>
  useQuery({
    queryKey: scriptKeys.versions(id),
    queryFn: () => scriptsApi.versions(id).then((answer) => answer.versions),
    enabled: isId(id),
  });

export const useScriptVersionQuery = (id: number, version: number | undefined) =>
  useQuery({
    queryKey: scriptKeys.version(id, version ?? 0),
    queryFn: () => scriptsApi.version(id, version!).then((answer) => answer.version),
    enabled: isId(id) && version !== undefined,
    staleTime: Number.POSITIVE_INFINITY, // a stored version never changes
  });

export const useScriptTemplatesQuery = () =>
  useQuery({
    queryKey: scriptKeys.templates,
    queryFn: () => scriptsApi.templates().then((answer) => answer.templates),
    staleTime: Number.POSITIVE_INFINITY, // shipped with the product
  });

export const useScriptTemplateQuery = (id: number) =>
  useQuery({
    queryKey: scriptKeys.template(id),
    queryFn: () => scriptsApi.template(id).then((answer) => answer.template),
    enabled: isId(id),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Creates (no id) or updates a script; the lists, the script and its versions change. */
export const useSaveScriptMutation = (id: number | undefined) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScriptRequest) =>
      (id === undefined ? scriptsApi.create(body) : scriptsApi.update(id, body)).then(
        (answer) => answer.script,
      ),
    onSuccess: (script) => {
      queryClient.setQueryData(scriptKeys.script(script.id), script);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: scriptKeys.lists }),
        queryClient.invalidateQueries({ queryKey: scriptKeys.versions(script.id) }),
      ]);
    },
  });
};

export const useDeleteScriptMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scriptsApi.remove,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: scriptKeys.script(id) });
      queryClient.removeQueries({ queryKey: scriptKeys.versions(id) });
      return queryClient.invalidateQueries({ queryKey: scriptKeys.lists });
    },
  });
};

/** "Use template": a new library script copied from a template. */
export const useCopyTemplateMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) => scriptsApi.copyTemplate(templateId).then((answer) => answer.script),
    onSuccess: (script) => {
      queryClient.setQueryData(scriptKeys.script(script.id), script);
      return queryClient.invalidateQueries({ queryKey: scriptKeys.lists });
    },
  });
};
