import type {
  ListScriptsResponse,
  ListScriptTemplatesResponse,
  ListScriptVersionsResponse,
  SaveScriptRequest,
  ScriptCategory,
  ScriptLanguage,
  ScriptOperatingSystem,
  ScriptResponse,
  ScriptTemplateResponse,
  ScriptVersionResponse,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

/** The library list's filters, page and search, as sent (`ListScriptsQuery`). */
export type ScriptListParams = {
  page: number;
  pageSize: number;
  search?: string;
  category?: ScriptCategory;
  language?: ScriptLanguage;
  operatingSystem?: ScriptOperatingSystem;
};

/** The script library: scripts, their versions, and the shipped templates. */
export const scriptsApi = {
  scripts: (params: ScriptListParams) =>
    apiRequest<ListScriptsResponse>('GET', `${apiPaths.scripts()}${toQuery(params)}`),
  script: (id: number) => apiRequest<ScriptResponse>('GET', apiPaths.script(id)),
  create: (body: SaveScriptRequest) => apiRequest<ScriptResponse>('POST', apiPaths.scripts(), body),
  update: (id: number, body: SaveScriptRequest) =>
    apiRequest<ScriptResponse>('PUT', apiPaths.script(id), body),
  remove: (id: number) => apiRequest<unknown>('DELETE', apiPaths.script(id)),
  versions: (id: number) => apiRequest<ListScriptVersionsResponse>('GET', apiPaths.scriptVersions(id)),
  version: (id: number, version: number) =>
    apiRequest<ScriptVersionResponse>('GET', apiPaths.scriptVersion(id, version)),
  templates: () => apiRequest<ListScriptTemplatesResponse>('GET', apiPaths.scriptTemplates()),
  template: (id: number) => apiRequest<ScriptTemplateResponse>('GET', apiPaths.scriptTemplate(id)),
  copyTemplate: (id: number) => apiRequest<ScriptResponse>('POST', apiPaths.copyScriptTemplate(id), {}),
};
