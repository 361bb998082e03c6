import * as z from 'zod';
import { listOf, PageQuery } from './http.ts';
import {
  JobRunAs,
  SCRIPT_DEFAULT_TIMEOUT_SECONDS,
  SCRIPT_MAX_CODE_BYTES,
  SCRIPT_MAX_TIMEOUT_SECONDS,
  ScriptLanguage,
} from './job-api.ts';

/**
 * The script library (issue 15, spec §2 `/administration/library/scripting/:page`, `/editor/script/:id`,
 * `/editor/templateScript/:id`). A script is saved as numbered versions: every save that changes code,
 * parameters, language, run-as or timeout adds one; a job records the version it ran. Templates are
 * read-only starting points shipped with the product (numeric ids, never stored): "Use template" copies one
 * into a new library script.
 */

export const scriptOperatingSystems = ['WINDOWS', 'MAC', 'LINUX'] as const;
export const ScriptOperatingSystem = /* @__PURE__ */ z.enum(scriptOperatingSystems);
export type ScriptOperatingSystem = z.infer<typeof ScriptOperatingSystem>;
export const scriptOperatingSystemLabels: Readonly<Record<ScriptOperatingSystem, string>> = {
  WINDOWS: 'Windows',
  MAC: 'macOS',
  LINUX: 'Linux',
};

/** The agent's `process.platform` family a script's operating system stands for. */
export const scriptOperatingSystemOfPlatform = (
  platform: 'linux' | 'win32' | 'darwin' | 'other',
): ScriptOperatingSystem | undefined =>
  platform === 'linux'
    ? 'LINUX'
    : platform === 'win32'
      ? 'WINDOWS'
      : platform === 'darwin'
        ? 'MAC'
        : undefined;

export const scriptLanguageLabels: Readonly<Record<ScriptLanguage, string>> = {
  sh: 'Shell (sh)',
  bash: 'Bash',
  python: 'Python',
  powershell: 'PowerShell',
  cmd: 'Batch (cmd)',
};

export const scriptCategories = [
  'MAINTENANCE',
  'DIAGNOSTICS',
  'SECURITY',
  'SOFTWARE',
  'USERS',
  'NETWORK',
  'CUSTOM',
] as const;
export const ScriptCategory = /* @__PURE__ */ z.enum(scriptCategories);
export type ScriptCategory = z.infer<typeof ScriptCategory>;
export const scriptCategoryLabels: Readonly<Record<ScriptCategory, string>> = {
  MAINTENANCE: 'Maintenance',
  DIAGNOSTICS: 'Diagnostics',
  SECURITY: 'Security',
  SOFTWARE: 'Software',
  USERS: 'Users',
  NETWORK: 'Network',
  CUSTOM: 'Custom',
};

/** A parameter's type decides how its value is checked; every value reaches the script as one text argument. */
export const scriptParameterTypes = ['TEXT', 'INTEGER', 'DECIMAL', 'BOOLEAN', 'OPTION'] as const;
export const ScriptParameterType = /* @__PURE__ */ z.enum(scriptParameterTypes);
export type ScriptParameterType = z.infer<typeof ScriptParameterType>;

export const SCRIPT_MAX_PARAMETERS = 20;

/**
 * A typed parameter. Values are passed positionally, in the order the parameters are listed, each as one
 * argument ($1, $2 … in sh; $args[0] … in PowerShell; sys.argv[1] … in Python), sanitised (spec §5).
 * BOOLEAN values are `true`/`false`; OPTION values are one of `options`.
 */
export const ScriptParameter = /* @__PURE__ */ z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(
        /^[A-Za-z_][A-Za-z0-9_]*$/,
        'A parameter name is letters, digits and _, not starting with a digit.',
      ),
    label: z.string().trim().max(200).default(''),
    description: z.string().trim().max(1000).default(''),
    type: ScriptParameterType,
    required: z.boolean().default(false),
    /** '' means none. Checked against the type like a value. */
    defaultValue: z.string().trim().max(4000).default(''),
    options: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  })
  .strict();
export type ScriptParameter = z.output<typeof ScriptParameter>;
export type ScriptParameterInput = z.input<typeof ScriptParameter>;

/** The message for a value that does not fit its parameter, or undefined when it fits ('' = not given). */
export const checkScriptParameterValue = (parameter: ScriptParameter, value: string): string | undefined => {
  const label = parameter.label || parameter.name;
  if (value === '') return parameter.required ? `${label}: a value is required.` : undefined;
  switch (parameter.type) {
    case 'TEXT':
      return undefined;
    case 'INTEGER':
      return /^-?\d+$/.test(value) ? undefined : `${label}: must be a whole number.`;
    case 'DECIMAL':
      return /^-?\d+(\.\d+)?$/.test(value) ? undefined : `${label}: must be a number.`;
    case 'BOOLEAN':
      return value === 'true' || value === 'false' ? undefined : `${label}: must be true or false.`;
    case 'OPTION':
      return parameter.options.includes(value)
        ? undefined
        : `${label}: must be one of ${parameter.options.join(', ')}.`;
  }
};

const parametersRule = (value: { parameters: ScriptParameter[] }, context: z.RefinementCtx) => {
  const seen = new Set<string>();
  value.parameters.forEach((parameter, index) => {
    if (seen.has(parameter.name))
      context.addIssue({
        code: 'custom',
        path: ['parameters', index, 'name'],
        message: 'Parameter names must differ.',
      });
    seen.add(parameter.name);
    if (parameter.type === 'OPTION' && parameter.options.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['parameters', index, 'options'],
        message: 'An option parameter needs at least one option.',
      });
    if (parameter.defaultValue !== '') {
      const problem = checkScriptParameterValue({ ...parameter, required: false }, parameter.defaultValue);
      if (problem)
        context.addIssue({ code: 'custom', path: ['parameters', index, 'defaultValue'], message: problem });
    }
  });
};

const scriptFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(4000).default(''),
  category: ScriptCategory.default('CUSTOM'),
  language: ScriptLanguage,
  operatingSystems: z.array(ScriptOperatingSystem).min(1).max(3),
  code: z.string().min(1).max(SCRIPT_MAX_CODE_BYTES),
  parameters: z.array(ScriptParameter).max(SCRIPT_MAX_PARAMETERS).default([]),
  defaultRunAs: JobRunAs.default('SYSTEM'),
  timeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(SCRIPT_MAX_TIMEOUT_SECONDS)
    .default(SCRIPT_DEFAULT_TIMEOUT_SECONDS),
};

/** `cmd` runs only on Windows: a cmd script lists Windows alone. */
const languageRule = (
  value: { language: ScriptLanguage; operatingSystems: ScriptOperatingSystem[] },
  context: z.RefinementCtx,
) => {
  if (value.language === 'cmd' && value.operatingSystems.some((os) => os !== 'WINDOWS'))
    context.addIssue({
      code: 'custom',
      path: ['operatingSystems'],
      message: 'Batch (cmd) scripts run only on Windows.',
    });
};

/** POST /scripts and PUT /scripts/:id (the whole script; a changed one adds a version). */
export const SaveScriptRequest = /* @__PURE__ */ z
  .object({
    ...scriptFields,
    /** What changed, kept with the version (optional). */
    versionNote: z.string().trim().max(500).default(''),
  })
  .strict()
  .superRefine((value, context) => {
    parametersRule(value, context);
    languageRule(value, context);
  });
export type SaveScriptRequest = z.input<typeof SaveScriptRequest>;

/** A script in lists (no code). */
export const ScriptSummary = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: ScriptCategory,
  language: ScriptLanguage,
  operatingSystems: z.array(ScriptOperatingSystem),
  /** The newest version's number. */
  version: z.number().int(),
  parameterCount: z.number().int(),
  /** The template it was copied from, if any. */
  templateId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ScriptSummary = z.infer<typeof ScriptSummary>;

export const Script = /* @__PURE__ */ ScriptSummary.extend({
  code: z.string(),
  parameters: z.array(ScriptParameter),
  defaultRunAs: JobRunAs,
  timeoutSeconds: z.number().int(),
});
export type Script = z.infer<typeof Script>;

export const ScriptVersionSummary = /* @__PURE__ */ z.object({
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  note: z.string(),
});
export type ScriptVersionSummary = z.infer<typeof ScriptVersionSummary>;

/** One stored version in full (what a job of that version ran). */
export const ScriptVersion = /* @__PURE__ */ ScriptVersionSummary.extend({
  scriptId: z.number().int(),
  language: ScriptLanguage,
  code: z.string(),
  parameters: z.array(ScriptParameter),
  defaultRunAs: JobRunAs,
  timeoutSeconds: z.number().int(),
});
export type ScriptVersion = z.infer<typeof ScriptVersion>;

export const ListScriptsQuery = /* @__PURE__ */ PageQuery.extend({
  search: z.string().trim().max(200).optional(),
  category: ScriptCategory.optional(),
  language: ScriptLanguage.optional(),
  operatingSystem: ScriptOperatingSystem.optional(),
});
export type ListScriptsQuery = z.output<typeof ListScriptsQuery>;
export const ListScriptsResponse = /* @__PURE__ */ listOf(ScriptSummary);
export type ListScriptsResponse = z.infer<typeof ListScriptsResponse>;

export const ScriptResponse = /* @__PURE__ */ z.object({ script: Script });
export type ScriptResponse = z.infer<typeof ScriptResponse>;
export const ListScriptVersionsResponse = /* @__PURE__ */ z.object({
  versions: z.array(ScriptVersionSummary),
});
export type ListScriptVersionsResponse = z.infer<typeof ListScriptVersionsResponse>;
export const ScriptVersionResponse = /* @__PURE__ */ z.object({ version: ScriptVersion });
export type ScriptVersionResponse = z.infer<typeof ScriptVersionResponse>;
export const ScriptVersionParam = /* @__PURE__ */ z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  version: z.coerce.number().int().positive().max(2147483647),
});

/** A shipped template: a script without library bookkeeping. */
export const ScriptTemplate = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: ScriptCategory,
  language: ScriptLanguage,
  operatingSystems: z.array(ScriptOperatingSystem),
  code: z.string(),
  parameters: z.array(ScriptParameter),
  defaultRunAs: JobRunAs,
  timeoutSeconds: z.number().int(),
});
export type ScriptTemplate = z.infer<typeof ScriptTemplate>;
export const ListScriptTemplatesResponse = /* @__PURE__ */ z.object({ templates: z.array(ScriptTemplate) });
export type ListScriptTemplatesResponse = z.infer<typeof ListScriptTemplatesResponse>;
export const ScriptTemplateResponse = /* @__PURE__ */ z.object({ template: ScriptTemplate });
export type ScriptTemplateResponse = z.infer<typeof ScriptTemplateResponse>;

/** POST /scripts/templates/:id/copy: a new library script from a template (name optional: the template's). */
export const CopyTemplateRequest = /* @__PURE__ */ z
  .object({ name: z.string().trim().min(1).max(200).optional() })
  .strict();

export const scriptErrorCodes = {
  SCRIPT_NAME_TAKEN: 409,
  SCRIPT_IN_USE: 409,
  SCRIPT_VERSION_NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
} as const;
export const scriptMessages = {
  SCRIPT_NAME_TAKEN: 'A script with this name already exists.',
  SCRIPT_IN_USE: 'The script is used by scheduled tasks; remove it from them first.',
  SCRIPT_VERSION_NOT_FOUND: 'There is no such version of this script.',
  TEMPLATE_NOT_FOUND: 'There is no such template script.',
  saved: 'Script saved',
  deleted: 'Script deleted',
  loadError: 'Error loading scripts',
} as const;
