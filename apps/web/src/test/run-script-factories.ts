import type { Credential, ListScriptsResponse, Script, ScriptSummary } from '@rmm/domain';

let next = 1;

/** A library script as GET /scripts/:id answers it, with overrides; every call gets an id of its own. */
export const createScript = (overrides: Partial<Script> = {}): Script => {
  const id = next++;
  return {
    id,
    name: `Script ${id}`,
    description: '',
    category: 'MAINTENANCE',
    language: 'bash',
    operatingSystems: ['LINUX'],
    version: 1,
    parameterCount: overrides.parameters?.length ?? 0,
    templateId: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    updatedBy: 'tech@example.com',
    code: 'echo "$1"',
    parameters: [],
    defaultRunAs: 'SYSTEM',
    timeoutSeconds: 600,
    ...overrides,
  };
};

/** GET /scripts's answer: the summaries of these scripts (no code). */
export const scriptListAnswer = (...scripts: Script[]): ListScriptsResponse => ({
  data: scripts.map(
    ({ code: _code, parameters: _parameters, defaultRunAs: _runAs, timeoutSeconds: _t, ...summary }) =>
      summary satisfies ScriptSummary,
  ),
  count: scripts.length,
  page: 1,
  pageSize: 100,
});

export const createCredential = (overrides: Partial<Credential> = {}): Credential => {
  const id = next++;
  return {
    id,
    organizationId: 1,
    name: `Credential ${id}`,
    kind: 'LINUX',
    username: 'svc',
    domain: '',
    preferred: false,
    hasPassword: true,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
};

/** GET /credential/organization/{id}/list's answer (spec §7). */
export const credentialListAnswer = (...credentials: Credential[]) => ({
  resultCode: 'SUCCESS' as const,
  credentials,
});
