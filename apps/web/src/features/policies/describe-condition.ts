import type { Condition } from '@rmm/domain';
import type { TFunction } from 'i18next';
import { isFieldVisible, parameterFields } from './parameter-fields.ts';

const formatBytes = (bytes: number) => {
  for (const [unit, size] of [
    ['TiB', 2 ** 40],
    ['GiB', 2 ** 30],
  ] as const)
    if (bytes >= size) return `${Number((bytes / size).toFixed(2))} ${unit}`;
  return `${Number((bytes / 2 ** 20).toFixed(2))} MiB`;
};

/** A condition's parameters in a line: "Above the threshold · Threshold 90 % · For at least 5 minutes". */
export const describeParameters = (condition: Condition, t: TFunction, exists: (key: string) => boolean) => {
  const parameters = condition.parameters as Record<string, unknown>;
  return parameterFields(condition.type)
    .filter((field) => isFieldVisible(condition.type, field.key, parameters))
    .flatMap((field) => {
      const value = parameters[field.key];
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return [];
      if (field.kind === 'runAs' || field.kind === 'boolean') return [];
      const label = t(`policies.param.${field.key}`);
      if (field.kind === 'enum') {
        const key = `policies.paramValue.${String(value)}`;
        return [exists(key) ? t(key) : String(value)];
      }
      if (field.kind === 'script') return [`${label} #${String(value)}`];
      if (field.unit === 'bytes' && typeof value === 'number') return [`${label} ${formatBytes(value)}`];
      const unit = field.unit ? ` ${t(`policies.unit.${field.unit}`)}` : '';
      return [`${label} ${Array.isArray(value) ? value.join(', ') : String(value)}${unit}`];
    })
    .join(' · ');
};
