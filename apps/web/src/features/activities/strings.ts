/** English strings of features/activities/ (keys under activities.); i18n/en.ts gathers every area's. */
export const activitiesStrings = {
  'activities.title': 'Activities',
  'activities.time': 'Time',
  'activities.actor': 'Who',
  'activities.action': 'Action',
  'activities.target': 'Target',
  'activities.organization': 'Organization',
  'activities.outcome': 'Outcome',
  'activities.detail': 'Detail',
  'activities.outcome.SUCCESS': 'Success',
  'activities.outcome.FAILURE': 'Failure',
  'activities.filterAction': 'Action starts with',
  'activities.searchPlaceholder': 'Search who, target or organization',
  'activities.empty': 'No activities match these filters.',
  'activities.devicesExplain': 'Everything done to devices: jobs, enrolments, approvals and changes.',
  'activities.organizationExplain':
    'Everything done to the devices of {name}: jobs, enrolments, approvals and changes.',
} as const;
