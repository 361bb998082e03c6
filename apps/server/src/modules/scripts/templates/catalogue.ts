import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ScriptParameter, type ScriptParameterInput, type ScriptTemplate } from '@rmm/domain';

/**
 * The read-only templates shipped with the product: the code lives in the files beside this one, the
 * metadata and typed parameters here. Ids are stable (a copied script keeps its template's id): a new
 * template takes the next number and a removed one's number is never reused.
 */

type TemplateEntry = Omit<ScriptTemplate, 'code' | 'parameters' | 'defaultRunAs' | 'timeoutSeconds'> & {
  file: string;
  parameters?: ScriptParameterInput[];
  timeoutSeconds?: number;
};

const entries: TemplateEntry[] = [
  {
    id: 1,
    file: 'linux-disk-cleanup.sh',
    name: 'Linux: clean up disk space',
    description:
      'Removes files older than N days from /tmp and /var/tmp, cleans the package cache (apt, dnf or yum) and vacuums the systemd journal to 200 MB. Prints the free space before and after.',
    category: 'MAINTENANCE',
    language: 'sh',
    operatingSystems: ['LINUX'],
    parameters: [
      {
        name: 'days',
        label: 'Older than (days)',
        description: 'Temporary files not changed for this many days are removed.',
        type: 'INTEGER',
        defaultValue: '7',
      },
    ],
  },
];

const templatesDir = fileURLToPath(new URL('.', import.meta.url));

const templateOf = (entry: TemplateEntry): ScriptTemplate => {
  const { file, parameters = [], timeoutSeconds = 600, ...rest } = entry;
  return {
    ...rest,
    code: fs.readFileSync(`${templatesDir}/${file}`, 'utf8'),
    parameters: parameters.map((parameter) => ScriptParameter.parse(parameter)),
    defaultRunAs: 'SYSTEM',
    timeoutSeconds,
  };
};

/** Every template, in id order; the files are read once, when the server starts. */
export const scriptTemplates: ScriptTemplate[] = entries.map(templateOf).sort((a, b) => a.id - b.id);

/** The template's file name (tests check each file). */
export const templateFiles: ReadonlyMap<number, string> = new Map(entries.map((e) => [e.id, e.file]));

export const findTemplate = (id: number) => scriptTemplates.find((template) => template.id === id);
