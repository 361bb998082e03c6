import {
  allPermissions,
  defaultFeatureFlags,
  type ListScriptsResponse,
  type MeResponse,
  type Script,
  type ScriptParameter,
  type ScriptSummary,
  type ScriptTemplate,
} from '@rmm/domain';

let nextId = 100;

/** The signed-in user with these permissions (every permission unless given). */
export const createScriptsMe = (permissions: readonly string[] = allPermissions): MeResponse => ({
  user: {
    id: 1,
    email: 'tech@example.com',
    name: 'Tech',
    roleName: 'Technician',
    roleId: 2,
    organizationScope: 'all',
  },
  permissions: [...permissions],
  featureFlags: defaultFeatureFlags,
});

export const createScriptParameter = (overrides: Partial<ScriptParameter> = {}): ScriptParameter => ({
  name: 'path',
  label: 'Path',
  description: '',
  type: 'TEXT',
  required: false,
  defaultValue: '',
  options: [],
  ...overrides,
});

/** A library script in a list; every call gets its own id and name. */
export const createScriptSummary = (overrides: Partial<ScriptSummary> = {}): ScriptSummary => {
  const id = nextId++;
  return {
    id,
    name: `Script ${id}`,
    description: '',
    category: 'MAINTENANCE',
    language: 'bash',
    operatingSystems: ['LINUX'],
    version: 1,
    parameterCount: 0,
    templateId: null,
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-12T08:00:00.000Z',
    updatedBy: 'Tech',
    ...overrides,
  };
};

export const createScript = (overrides: Partial<Script> = {}): Script => {
  const summary = createScriptSummary(overrides);
  return {
    ...summary,
    code: 'echo hello',
    parameters: [],
    defaultRunAs: 'SYSTEM',
    timeoutSeconds: 3600,
    ...overrides,
  };
};

export const createScriptTemplate = (overrides: Partial<ScriptTemplate> = {}): ScriptTemplate => {
  const id = nextId++;
  return {
    id,
    name: `Template ${id}`,
    description: 'A shipped starting point.',
    category: 'MAINTENANCE',
    language: 'bash',
    operatingSystems: ['LINUX', 'MAC'],
    code: 'df -h',
    parameters: [],
    defaultRunAs: 'SYSTEM',
    timeoutSeconds: 600,
    ...overrides,
  };
};

/** A page of the library as GET /scripts answers it. */
export const scriptsPage = (data: ScriptSummary[], count = data.length): ListScriptsResponse => ({
  data,
  count,
  page: 1,
  pageSize: 25,
});
