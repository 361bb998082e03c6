/** English strings of features/settings/ (keys under settings.); i18n/en.ts gathers every area's. */
export const settingsStrings = {
  'settings.title': 'General settings',
  'settings.featureFlags': 'Features',
  'settings.featureFlagsHelp':
    'Turn parts of the console on or off for every technician. Changes apply at once.',
  'settings.flag.backup_arrow_image': 'Image backup (new engine)',
  'settings.flag.backup_arrow_image.help':
    'Offers the new image backup; the older one is then labelled Legacy.',
  'settings.flag.dark_mode': 'Dark mode',
  'settings.flag.dark_mode.help': 'Lets technicians switch the console to a dark colour scheme.',
  'settings.flag.psa_connectwise': 'ConnectWise PSA',
  'settings.flag.psa_connectwise.help':
    'Shows the PSA mapping screens and the PSA access configuration permission in roles.',
  'settings.saved': 'Settings saved',
  'settings.readOnly': 'You may view these settings; changing them needs the settings permission.',
  'settings.security.title': 'Security settings',
  'settings.security.mfa': 'Two-step verification',
  'settings.security.mfaHelp': 'A second factor after the password protects accounts whose password leaks.',
  'settings.security.mfaRequired': 'Require two-step verification for every technician',
  'settings.security.mfaRequiredHelp':
    'Technicians without a second factor set up an authenticator app at their next sign-in, before they reach the console.',
  'settings.security.allowedTypes': 'Allowed kinds of second factor',
  'settings.security.allowedTypesHelp':
    'Technicians may set up and sign in with these only. A factor of a kind no longer allowed is ignored at sign-in.',
  'settings.security.atLeastOneType': 'Allow at least one kind.',
  'settings.security.requiredNeedsTotp':
    'Requiring two-step verification needs the authenticator app allowed: it is what technicians set up at sign-in.',
  'settings.security.passwords': 'Passwords',
  'settings.security.passwordsHelp':
    'Applies whenever a password is set from an invitation or a password reset link.',
  'settings.security.passwordMinLength': 'Minimum password length',
  'settings.security.passwordMinLengthHelp': 'From {min} to {max} characters.',
  'settings.security.checkBreached': 'Refuse common leaked passwords',
  'settings.security.checkBreachedHelp':
    'Compared, ignoring case, with a list of the 10,000 most common passwords of public leaks.',
  'settings.security.sessions': 'Sessions',
  'settings.security.idleMinutes': 'Sign out after this many idle minutes',
  'settings.security.idleMinutesHelp':
    'From {min} to {max} minutes without a request; counted to the minute.',
} as const;
