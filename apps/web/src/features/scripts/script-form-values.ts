import type { FormErrors } from '@mantine/form';
import {
  JobRunAs,
  type RunAsOption,
  runAsOptions,
  SaveScriptRequest,
  SCRIPT_DEFAULT_TIMEOUT_SECONDS,
  type Script,
  type ScriptCategory,
  type ScriptLanguage,
  type ScriptOperatingSystem,
  type ScriptParameter,
  type ScriptParameterType,
} from '@rmm/domain';
import type * as z from 'zod';

/** One parameter as edited; `key` keeps React's rows stable while parameters move. */
export type ParameterValues = {
  key: string;
  name: string;
  label: string;
  description: string;
  type: ScriptParameterType;
  required: boolean;
  defaultValue: string;
  options: string[];
};

/** `CUSTOM` is a local user typed in `runAsUser`; `CREDENTIAL` keeps a credential the script already had. */
export type RunAsChoice = RunAsOption | 'CUSTOM' | 'CREDENTIAL';

export type ScriptFormValues = {
  name: string;
  description: string;
  category: ScriptCategory;
  language: ScriptLanguage;
  operatingSystems: ScriptOperatingSystem[];
  code: string;
  parameters: ParameterValues[];
  runAs: RunAsChoice;
  runAsUser: string;
  runAsCredentialId: number | null;
  timeoutSeconds: number | string;
  versionNote: string;
};

let nextKey = 0;
export const parameterKey = () => `parameter-${++nextKey}`;

export const newParameter = (): ParameterValues => ({
  key: parameterKey(),
  name: '',
  label: '',
  description: '',
  type: 'TEXT',
  required: false,
  defaultValue: '',
  options: [],
});

const toParameterValues = (parameter: ScriptParameter): ParameterValues => ({
  key: parameterKey(),
  ...parameter,
});

const isRunAsOption = (value: unknown): value is RunAsOption =>
  typeof value === 'string' && (runAsOptions as readonly string[]).includes(value);

const runAsOf = (runAs: JobRunAs | undefined) => {
  if (runAs === undefined || isRunAsOption(runAs))
    return { runAs: runAs ?? 'SYSTEM', runAsUser: '', runAsCredentialId: null };
  if ('user' in runAs) return { runAs: 'CUSTOM' as const, runAsUser: runAs.user, runAsCredentialId: null };
  return { runAs: 'CREDENTIAL' as const, runAsUser: '', runAsCredentialId: runAs.credentialId };
};

/** The form's values of a script (or of a new one: a bash script for Linux and macOS, run as system). */
export const toScriptFormValues = (script?: Script): ScriptFormValues => ({
  name: script?.name ?? '',
  description: script?.description ?? '',
  category: script?.category ?? 'CUSTOM',
  language: script?.language ?? 'bash',
  operatingSystems: script?.operatingSystems ?? ['LINUX', 'MAC'],
  code: script?.code ?? '',
  parameters: (script?.parameters ?? []).map(toParameterValues),
  ...runAsOf(script?.defaultRunAs),
  timeoutSeconds: script?.timeoutSeconds ?? SCRIPT_DEFAULT_TIMEOUT_SECONDS,
  versionNote: '',
});

const runAsOfValues = (values: ScriptFormValues): JobRunAs => {
  if (values.runAs === 'CUSTOM') return { user: values.runAsUser };
  if (values.runAs === 'CREDENTIAL') return { credentialId: values.runAsCredentialId ?? 0 };
  return values.runAs;
};

/** The body of POST /scripts and PUT /scripts/:id (trimming is the schema's: it parses this). */
export const toSaveScriptRequest = (values: ScriptFormValues): SaveScriptRequest => ({
  name: values.name,
  description: values.description,
  category: values.category,
  language: values.language,
  operatingSystems: values.operatingSystems,
  code: values.code,
  parameters: values.parameters.map(({ key: _key, ...parameter }) => ({
    ...parameter,
    options: parameter.type === 'OPTION' ? parameter.options : [],
  })),
  defaultRunAs: runAsOfValues(values),
  timeoutSeconds: typeof values.timeoutSeconds === 'number' ? values.timeoutSeconds : Number.NaN,
  versionNote: values.versionNote,
});

/** Texts for the checks whose zod wording is not for people; every other issue keeps the domain's message. */
export type ValidationTexts = { mandatory: string; operatingSystems: string; number: string };

const customUser = JobRunAs.options[2].shape.user;

const formPathOf = (path: readonly PropertyKey[]) =>
  path[0] === 'defaultRunAs' ? 'runAsUser' : path.map(String).join('.');

const messageOf = (issue: z.core.$ZodIssue, texts: ValidationTexts) => {
  if (issue.path[0] === 'operatingSystems' && issue.code === 'too_small') return texts.operatingSystems;
  if (issue.path[0] === 'timeoutSeconds' && issue.code === 'invalid_type') return texts.number;
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return texts.mandatory;
  // A default's check names its parameter ("days: must be …"); under the parameter's own field it need not.
  if (issue.path.at(-1) === 'defaultValue') {
    const text = issue.message.replace(/^[^:]*: /, '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return issue.message;
};

/** Checks the form with the request schema the server uses; errors land on the fields they concern. */
export const validateScriptForm =
  (texts: ValidationTexts) =>
  (values: ScriptFormValues): FormErrors => {
    const result = SaveScriptRequest.safeParse(toSaveScriptRequest(values));
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = formPathOf(issue.path);
      errors[path] ??= messageOf(issue, texts);
    }
    // The run-as union says only "Invalid input"; the custom user's own check says what is wrong.
    if (errors.runAsUser !== undefined) {
      const user = customUser.safeParse(values.runAsUser);
      if (!user.success) errors.runAsUser = messageOf(user.error.issues[0]!, texts);
    }
    return errors;
  };
