// Single sign-on's constants and the sign-in page's refusal texts as plain data (no schema library): the
// sign-in page is part of the console's first load.

export const SSO_DEFAULT_SCOPES = 'openid email profile groups';
export const SSO_DEFAULT_GROUPS_CLAIM = 'groups';
export const SSO_DEFAULT_BUTTON_LABEL = 'Sign in with single sign-on';
/** A sign-in started at `/auth/sso/start` must come back from the provider within this long, once. */
export const SSO_LOGIN_TTL_MINUTES = 10;
/** Where a successful single sign-on lands. */
export const SSO_LANDING_PATH = '/systemDashboard/overview';

/**
 * Why a single sign-on ended on the sign-in page (`/login?sso=refused&reason=…`, or `sso=error` for
 * the provider's or the settings' side): the sign-in page shows the text.
 */
export const ssoReasons = {
  disabled: 'Single sign-on is not turned on.',
  state: 'The sign-in expired or did not start here. Start it again.',
  provider: 'The identity provider refused the sign-in.',
  unavailable: 'The identity provider did not answer. Try again later.',
  misconfigured: 'Single sign-on is not set up correctly. Ask an administrator.',
  no_email: 'The identity provider did not give a verified email address.',
  unknown_user: 'No account matches this email, and new accounts are not created automatically.',
  no_role: 'None of your groups gives access to this console.',
  account_disabled: 'This account is disabled.',
  not_technician: 'This account cannot sign in to the console.',
} as const;
export type SsoReason = keyof typeof ssoReasons;
