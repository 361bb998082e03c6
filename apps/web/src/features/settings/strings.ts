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
} as const;
