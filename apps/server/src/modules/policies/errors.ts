import { type PolicyMessageCode, policyErrorStatus, policyMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

/** A policy call's own refusal (POLICY_NOT_FOUND, POLICY_CYCLE...) with its status and text. */
export const policyError = (code: PolicyMessageCode, message?: string) =>
  new DomainError(code, message ?? policyMessages[code], { statusCode: policyErrorStatus[code] });
