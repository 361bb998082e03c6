/** English strings of the help tooltips (components/help-tooltip.tsx) and the hints they show. */
export const helpTooltipStrings = {
  'helpTooltip.gotIt': 'Got it',
  'helpTooltip.deviceSearch.title': 'Find devices by anything you know',
  'helpTooltip.deviceSearch.body':
    'Type part of a name, user, address or operating system, or add criteria. Save a search to keep it in the list.',
  'helpTooltip.scheduledTasks.title': 'Scripts that run on their own',
  'helpTooltip.scheduledTasks.body':
    'A scheduled task runs its scripts on the devices you pick, on a schedule or at start-up and sign-in. Its history lists every run.',
} as const;
