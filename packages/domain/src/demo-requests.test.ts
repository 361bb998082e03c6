import { describe, expect, it } from 'vitest';
import {
  DEMO_REQUEST_NAME_MAX,
  demoRequestMessages,
  SubmitDemoRequest,
  submitDemoRequestErrors,
} from './demo-requests.ts';
import { messages } from './messages.ts';

describe('the backup demo request', () => {
  it('takes a trimmed name of at most DEMO_REQUEST_NAME_MAX characters and a trimmed valid email', () => {
    expect(SubmitDemoRequest.parse({ userName: ' Ann ', userEmail: ' ann@example.com ' })).toEqual({
      userName: 'Ann',
      userEmail: 'ann@example.com',
    });
    const long = SubmitDemoRequest.safeParse({
      userName: 'x'.repeat(DEMO_REQUEST_NAME_MAX + 1),
      userEmail: 'a@b.co',
    });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([demoRequestMessages.nameTooLong]);
    expect(
      SubmitDemoRequest.safeParse({ userName: ` ${'x'.repeat(DEMO_REQUEST_NAME_MAX)} `, userEmail: 'a@b.co' })
        .success,
    ).toBe(true);
  });

  it('gives the dialog the same message per field as the server', () => {
    expect(submitDemoRequestErrors({})).toEqual({
      userName: messages.validation.mandatory,
      userEmail: messages.validation.mandatory,
    });
    expect(
      submitDemoRequestErrors({ userName: 'x'.repeat(DEMO_REQUEST_NAME_MAX + 1), userEmail: 'ann@' }),
    ).toEqual({
      userName: demoRequestMessages.nameTooLong,
      userEmail: messages.validation.invalidEmail,
    });
    expect(submitDemoRequestErrors({ userName: 'Ann', userEmail: 'ann@example.com' })).toEqual({});
  });
});
