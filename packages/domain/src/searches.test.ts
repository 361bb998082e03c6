import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CriteriaValue,
  DeviceSearchField,
  defaultSearchPresets,
  matchesCriteria,
  SavedDeviceSearch,
  type SearchableDevice,
  SearchCriteria,
  SearchOperator,
  withCustomFields,
} from './searches.ts';

const presetCriteria = (key: string) => defaultSearchPresets.find((preset) => preset.key === key)?.criteria;

describe('criteria lists', () => {
  it('has the device fields and operators', () => {
    expect(DeviceSearchField.options).toEqual([
      'status',
      'remoteSupportTools',
      'diskFreePercent',
      'patchFailures',
      'deviceClass',
      'needsReboot',
      'installIssues',
      'displayName',
      'hostname',
      'osName',
      'platform',
      'loggedOnUser',
      'approvalStatus',
      'nodeRoleId',
      'cpuPercent',
      'memoryPercent',
      'tags',
      'healthStatus',
    ]);
    expect(SearchOperator.options).toContain('lessThan');
    expect(SearchOperator.options).toEqual(expect.arrayContaining(['hasAnyOf', 'hasAllOf', 'hasNoneOf']));
  });
});

describe('default presets', () => {
  it('has ten presets with stable negative ids', () => {
    expect(defaultSearchPresets.map((preset) => [preset.id, preset.key])).toEqual([
      [-1, 'ALL'],
      [-2, 'UP'],
      [-3, 'DOWN'],
      [-4, 'WARNING'],
      [-5, 'REMOTE_SUPPORT_TOOL'],
      [-6, 'LOW_DISK_SPACE'],
      [-7, 'FAILED_PATCHES'],
      [-8, 'NETWORK_DEVICES'],
      [-9, 'NEEDS_REBOOT'],
      [-10, 'INSTALL_ISSUES'],
    ]);
    for (const preset of defaultSearchPresets)
      expect(SearchCriteria.parse(preset.criteria)).toEqual(preset.criteria);
  });

  it('expresses each preset as criteria data', () => {
    expect(presetCriteria('ALL')).toEqual({ match: 'all', rules: [] });
    expect(presetCriteria('DOWN')).toEqual({
      match: 'all',
      rules: [{ field: 'status', operator: 'equals', value: 'DOWN' }],
    });
    expect(presetCriteria('LOW_DISK_SPACE')).toEqual({
      match: 'all',
      rules: [{ field: 'diskFreePercent', operator: 'lessThan', value: 10 }],
    });
  });

  it('selects the devices each preset names', () => {
    const device: SearchableDevice = {
      status: 'UP',
      remoteSupportTools: [],
      diskFreePercent: 9.5,
      patchFailures: 0,
      deviceClass: 'NETWORK_DEVICE',
      needsReboot: true,
      installIssues: 2,
    };
    const matching = defaultSearchPresets
      .filter((preset) => matchesCriteria(device, preset.criteria))
      .map((preset) => preset.key);
    expect(matching).toEqual([
      'ALL',
      'UP',
      'LOW_DISK_SPACE',
      'NETWORK_DEVICES',
      'NEEDS_REBOOT',
      'INSTALL_ISSUES',
    ]);
    expect(
      matchesCriteria(
        { diskFreePercent: 10 },
        presetCriteria('LOW_DISK_SPACE') ?? { match: 'any', rules: [] },
      ),
    ).toBe(false);
    expect(
      matchesCriteria(
        { remoteSupportTools: ['tool'] },
        presetCriteria('REMOTE_SUPPORT_TOOL') ?? { match: 'any', rules: [] },
      ),
    ).toBe(true);
  });

  it('matches any rule with match any, and no device for an empty any', () => {
    const criteria: SearchCriteria = {
      match: 'any',
      rules: [
        { field: 'status', operator: 'equals', value: 'DOWN' },
        { field: 'patchFailures', operator: 'greaterThan', value: 0 },
      ],
    };
    expect(matchesCriteria({ status: 'UP', patchFailures: 1 }, criteria)).toBe(true);
    expect(matchesCriteria({ status: 'UP', patchFailures: 0 }, criteria)).toBe(false);
  });
});

describe('the tags criterion', () => {
  const tagged: SearchableDevice = { tags: ['Linux', 'web'], status: 'UP' };
  const untagged: SearchableDevice = { tags: [], status: 'UP' };
  const matches = (device: SearchableDevice, operator: SearchOperator, value: CriteriaValue) =>
    matchesCriteria(device, { match: 'all', rules: [{ field: 'tags', operator, value }] });

  it('has any of, all of or none of the names, whatever their case', () => {
    expect(matches(tagged, 'hasAnyOf', ['LINUX', 'db'])).toBe(true);
    expect(matches(tagged, 'hasAnyOf', ['db'])).toBe(false);
    expect(matches(tagged, 'hasAllOf', ['linux', 'WEB'])).toBe(true);
    expect(matches(tagged, 'hasAllOf', ['linux', 'db'])).toBe(false);
    expect(matches(tagged, 'hasNoneOf', ['db'])).toBe(true);
    expect(matches(tagged, 'hasNoneOf', ['Web'])).toBe(false);
    expect(matches(untagged, 'hasNoneOf', ['web'])).toBe(true);
    expect(matches(untagged, 'hasAnyOf', ['web'])).toBe(false);
  });

  it('finds devices without tags, and one name with contains', () => {
    expect(matches(untagged, 'isEmpty', null)).toBe(true);
    expect(matches(tagged, 'isEmpty', null)).toBe(false);
    expect(matches(tagged, 'isNotEmpty', null)).toBe(true);
    expect(matches(tagged, 'contains', 'WEB')).toBe(true);
    expect(matches(tagged, 'contains', 'we')).toBe(false);
  });

  it('matches nothing with a scalar for a list operator, or a list operator on another field', () => {
    expect(matches(tagged, 'hasAnyOf', 'web')).toBe(false);
    expect(matches(tagged, 'equals', 'web')).toBe(false);
    expect(matches(tagged, 'notEquals', 'web')).toBe(true);
    expect(
      matchesCriteria(tagged, {
        match: 'all',
        rules: [{ field: 'status', operator: 'hasAnyOf', value: ['UP'] }],
      }),
    ).toBe(false);
  });

  it('takes lists of names as criteria values, within the tag length', () => {
    const rule = (value: unknown) =>
      SearchCriteria.safeParse({ match: 'all', rules: [{ field: 'tags', operator: 'hasAnyOf', value }] })
        .success;
    expect(rule(['linux', 'web'])).toBe(true);
    expect(rule(['x'.repeat(26)])).toBe(false);
    expect(rule([''])).toBe(false);
  });
});

describe('saved searches', () => {
  const saved = {
    id: 12,
    search: 'Servers',
    criteria: { match: 'all', rules: [] },
    customFields: '{"color":"red","id":99}',
  };

  it('merges customFields into the record, the record winning', () => {
    const parsed = SavedDeviceSearch.parse(saved);
    expect(withCustomFields(parsed)).toEqual({ ...parsed, color: 'red' });
  });

  it('adds nothing for bad or non-object JSON and never throws', () => {
    expect(withCustomFields({ ...saved, customFields: '{' })).toEqual({ ...saved, customFields: '{' });
    expect(withCustomFields({ ...saved, customFields: '[1]' })).toEqual({ ...saved, customFields: '[1]' });
    expect(withCustomFields({ ...saved, customFields: null })).toEqual({ ...saved, customFields: null });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (customFields) => {
        expect(withCustomFields({ ...saved, customFields }).id).toBe(12);
      }),
    );
  });
});
