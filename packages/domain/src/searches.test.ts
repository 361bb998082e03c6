import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
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
    ]);
    expect(SearchOperator.options).toContain('lessThan');
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
