import * as z from 'zod';
import { listOf, PageQuery } from './http.ts';
import { DemoRequest, type DemoRequestErrors, demoRequestErrors } from './validators.ts';

/**
 * The backup promotion's demo request (issue 17 item 4; spec §2 "Request Demo dialog", §3 Demo request,
 * §5, §7 `POST /division/promotion/BackupDemoRequest`). Any signed-in technician may ask; the request is
 * stored with who asked and when, and mailed to the configured address when one is set; administrators
 * (`settings.view`) list what was received (`GET /division/promotion/demo-requests`, ours). Decisions in
 * docs/decisions.md "Backup demo request".
 */

/** Characters of the requester's name (the spec sets no limit; a name this long is not a name). */
export const DEMO_REQUEST_NAME_MAX = 200;

export const demoRequestMessages = {
  nameTooLong: `A name may have at most ${DEMO_REQUEST_NAME_MAX} characters`,
  sent: 'Thank you! Your demo request has been received. We will be in touch.',
  DEMO_REQUEST_RATE_LIMITED: 'You have sent several demo requests in the last hour. Please try again later.',
} as const;

export const demoRequestErrorCodes = { DEMO_REQUEST_RATE_LIMITED: 429 } as const;
export type DemoRequestErrorCode = keyof typeof demoRequestErrorCodes;

/**
 * The body of `POST /division/promotion/BackupDemoRequest`: the spec's Demo request (name required and
 * trimmed, email valid and trimmed), the name at most `DEMO_REQUEST_NAME_MAX` characters.
 */
export const SubmitDemoRequest = /* @__PURE__ */ DemoRequest.extend({
  userName: DemoRequest.shape.userName.max(DEMO_REQUEST_NAME_MAX, demoRequestMessages.nameTooLong),
});
export type SubmitDemoRequest = z.input<typeof SubmitDemoRequest>;

/** The dialog's messages per field: the domain's demo-request rules and the name's length. */
export const submitDemoRequestErrors = (input: {
  userName?: string;
  userEmail?: string;
}): DemoRequestErrors => {
  const errors = demoRequestErrors(input);
  if (!errors.userName && (input.userName ?? '').trim().length > DEMO_REQUEST_NAME_MAX)
    errors.userName = demoRequestMessages.nameTooLong;
  return errors;
};

export const SubmitDemoRequestResponse = /* @__PURE__ */ z.object({
  resultCode: z.literal('SUCCESS'),
  id: z.number().int(),
  requestedAt: z.string(),
});
export type SubmitDemoRequestResponse = z.infer<typeof SubmitDemoRequestResponse>;

/** Mailing a request: PENDING (due, or waiting for a retry), SENT, FAILED (the last attempt failed). */
export const demoRequestDeliveryStatuses = ['PENDING', 'SENT', 'FAILED'] as const;
export const DemoRequestDeliveryStatus = /* @__PURE__ */ z.enum(demoRequestDeliveryStatuses);
export type DemoRequestDeliveryStatus = z.infer<typeof DemoRequestDeliveryStatus>;

export const DemoRequestRecord = /* @__PURE__ */ z.object({
  id: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  requestedAt: z.string(),
  /** The technician who sent it (null once their account is deleted; name and email are kept). */
  requestedBy: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  /** null: not mailed, no destination address was configured when it arrived. */
  deliveryStatus: DemoRequestDeliveryStatus.nullable(),
  deliveryAttempts: z.number().int(),
  /** The last failed attempt's error (the SMTP server's answer or the connection error). */
  deliveryError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type DemoRequestRecord = z.infer<typeof DemoRequestRecord>;

export const ListDemoRequestsQuery = /* @__PURE__ */ PageQuery;
export type ListDemoRequestsQuery = z.output<typeof ListDemoRequestsQuery>;
export const ListDemoRequestsResponse = /* @__PURE__ */ listOf(DemoRequestRecord);
export type ListDemoRequestsResponse = z.infer<typeof ListDemoRequestsResponse>;
