import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decidedValues } from './decisions.ts';

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/decisions.md'), 'utf8');

describe('docs/decisions.md mirrors the code', () => {
  it('lists every numbered id as "NAME number"', () => {
    const numbered = {
      ...decidedValues.jobTypeNumbers,
      ...decidedValues.deviceConditionTypeIds,
      ...decidedValues.networkConditionTypeIds,
      ...decidedValues.searchPresetIds,
      ...decidedValues.supportTicketCustomFieldIds,
      ...decidedValues.jobOutputLimits,
    };
    for (const [name, id] of Object.entries(numbered)) expect(doc, name).toContain(`${name} ${id}`);
  });

  it('lists the decided names and lists', () => {
    const words = [
      ...decidedValues.addedJobStatuses,
      ...decidedValues.diskOrFileRestoreTypes,
      ...decidedValues.billedProductTypes,
      ...decidedValues.helpLanguages,
      `/backup/${decidedValues.backupEngine}/`,
      `\`${decidedValues.backupEnginePrefix}\``,
      decidedValues.ticketBoardPath,
      `"${decidedValues.disabledRulesetSuffix}"`,
    ];
    for (const word of words) expect(doc).toContain(word);
    expect(decidedValues.helpLanguages).toHaveLength(10);
    expect(doc).toContain(`languages ${decidedValues.scriptLanguages.join(', ')};`);
  });

  it('lists the limited option sets', () => {
    const optionsText = (options: { creation: readonly string[]; notification: readonly string[] }) =>
      `creation ${options.creation.join(', ')}; notification ${options.notification.join(', ')}`;
    expect(doc).toContain(optionsText(decidedValues.genericWebhookOptions));
    expect(doc).toContain(optionsText(decidedValues.helpDeskOptions));
  });
});
