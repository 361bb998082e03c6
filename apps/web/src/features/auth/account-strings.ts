/** English strings of the account page's security tab (keys under account.); on demand (i18n/area-strings.ts). */
export const accountStrings = {
  'account.title': 'My account',
  'account.security': 'Security',
  'account.sessions': 'Sessions',
  'account.apiTokens': 'API tokens',
  'account.factors': 'Two-step verification',
  'account.factorsHelp':
    'A second factor protects your account if your password leaks: after the password, sign-in asks for a code.',
  'account.noFactors': 'No second factor yet. Set up an authenticator app to turn on two-step verification.',
  'account.factor.type': 'Kind',
  'account.factor.label': 'Name',
  'account.factor.added': 'Added',
  'account.factor.lastUsed': 'Last used',
  'account.setupTotp': 'Set up authenticator app',
  'account.totpTitle': 'Set up an authenticator app',
  'account.totpScan':
    'Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.',
  'account.totpManual': 'Or enter this key by hand:',
  'account.totpQr': 'QR code of the authenticator key',
  'account.totpCode': 'Code from the app',
  'account.totpConfirm': 'Turn on',
  'account.totpEnabled': 'Two-step verification is on',
  'account.remove': 'Remove',
  'account.removeTitle': 'Remove {name}?',
  'account.removeBody':
    'Sign-in will no longer ask for this factor. With no factor left, your recovery codes stop working too.',
  'account.removed': 'Second factor removed',
  'account.recoveryCodes': 'Recovery codes',
  'account.recoveryLeft': '{count} of 10 recovery codes left. Each signs you in once if you lose your phone.',
  'account.recoveryNone': 'Recovery codes come with your first second factor.',
  'account.recoveryNew': 'Make new codes',
  'account.recoveryNewTitle': 'Make new recovery codes?',
  'account.recoveryNewBody': 'Your current recovery codes stop working at once.',
  'account.recoveryShown': 'Your recovery codes',
  'account.recoveryOnce':
    'Keep these somewhere safe, away from your phone. They are shown only now; each works once.',
  'account.copyCodes': 'Copy codes',
  'account.savedCodes': 'I have saved them',
  'account.enrolTitle': 'Set up two-step verification',
  'account.enrolRequired':
    'An administrator requires two-step verification for every technician. Set up an authenticator app to continue to the console.',
  'account.enrolBack': 'Back to sign-in',
} as const;
