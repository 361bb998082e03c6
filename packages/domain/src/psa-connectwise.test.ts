import { describe, expect, it } from 'vitest';
import { MANUAL_REFRESH_INTERVAL_SECONDS } from './constants.ts';
import { messages } from './messages.ts';
import {
  hasDuplicateRuleTargets,
  PsaConnectionInput,
  PsaProductMappingInput,
  psaFailureMessages,
} from './psa-connectwise.ts';

describe('ConnectWise connection settings', () => {
  const base = { site: 'na.myconnectwise.net', companyId: 'msp', clientId: 'client' };

  it('defaults the company criteria to Client and Active, the codebase to discovery and the sync to 4 hours', () => {
    expect(PsaConnectionInput.parse(base)).toEqual({
      ...base,
      codebase: '',
      companyTypes: ['Client'],
      companyStatuses: ['Active'],
      syncIntervalSeconds: 14400,
    });
  });

  it('takes the spec §9 intervals and the manual one, nothing else', () => {
    expect(PsaConnectionInput.safeParse({ ...base, syncIntervalSeconds: 90 }).success).toBe(true);
    expect(
      PsaConnectionInput.safeParse({ ...base, syncIntervalSeconds: MANUAL_REFRESH_INTERVAL_SECONDS }).success,
    ).toBe(true);
    expect(PsaConnectionInput.safeParse({ ...base, syncIntervalSeconds: 100 }).success).toBe(false);
    expect(PsaConnectionInput.safeParse({ ...base, codebase: 'v4_6_release/../x' }).success).toBe(false);
  });
});

describe('rule mappings', () => {
  it('names each role and group once', () => {
    expect(hasDuplicateRuleTargets([{ nodeRoleId: 2 }, { nodeRoleId: 2, groupId: 7 }])).toBe(false);
    expect(hasDuplicateRuleTargets([{ nodeRoleId: 2, groupId: null }, { nodeRoleId: 2 }])).toBe(true);
    expect(
      PsaProductMappingInput.parse({ name: 'A', rules: [{ nodeRoleId: 1, catalogItemId: 3 }] }).rules[0],
    ).toEqual({
      nodeRoleId: 1,
      groupId: null,
      catalogItemId: 3,
    });
  });

  it('uses spec §8’s texts for what the mapping screen reads', () => {
    expect(psaFailureMessages).toMatchObject({
      companies: 'Error fetching account companies',
      sites: 'Error fetching company sites',
      refreshSites: 'Error while refreshing company sites',
      autoMap: 'Error while auto mapping',
      groups: 'Error fetching groups',
    });
    expect(psaFailureMessages.companies).toBe(messages.psaMapping.fetchCompaniesError);
  });
});
