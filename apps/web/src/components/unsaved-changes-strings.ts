/** English strings of the unsaved-changes guard (components/use-unsaved-changes-guard.tsx) that editors share. */
export const unsavedChangesStrings = {
  'unsavedChanges.title': 'Leave without saving?',
  'unsavedChanges.body': 'Your changes are not saved and will be lost.',
  'unsavedChanges.leave': 'Leave',
  'unsavedChanges.stay': 'Stay',
} as const;
