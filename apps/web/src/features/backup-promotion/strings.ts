import { demoRequestMessages } from '@rmm/domain';

/** English strings of features/backup-promotion/ (keys under backupPromotion.); the domain's texts are taken. */
export const backupPromotionStrings = {
  'backupPromotion.title': 'Backup',
  'backupPromotion.systemExplain': 'Backup of the devices of every organization you manage.',
  'backupPromotion.organizationExplain': 'Backup of the devices of {name}.',
  'backupPromotion.card.title': 'Protect these devices with backup',
  'backupPromotion.card.body':
    'Back up files and folders to this server, to a folder on each device or to a network share, on a schedule. Restore them from the console, file by file, to the same or another device, or as a zip.',
  'backupPromotion.card.demo': 'Want to see it first? Ask for a demo and we will get in touch.',
  'backupPromotion.card.request': 'Request demo',
  'backupPromotion.dialog.title': 'Request a backup demo',
  'backupPromotion.dialog.intro': 'Tell us who to contact, and we will arrange a demo of backup.',
  'backupPromotion.dialog.name': 'Name',
  'backupPromotion.dialog.email': 'Email',
  'backupPromotion.dialog.submit': 'Submit',
  'backupPromotion.dialog.sent': demoRequestMessages.sent,
  'backupPromotion.list.title': 'Demo requests',
  'backupPromotion.list.explain':
    'Backup demos requested from the backup pages, newest first, and whether their mail went out.',
  'backupPromotion.list.empty':
    'No demo requests yet. They appear here when a technician asks for a backup demo on a backup page.',
  'backupPromotion.list.received': 'Received',
  'backupPromotion.list.name': 'Name',
  'backupPromotion.list.email': 'Email',
  'backupPromotion.list.sentBy': 'Sent by',
  'backupPromotion.list.mail': 'Mail',
  'backupPromotion.delivery.SENT': 'Sent',
  'backupPromotion.delivery.PENDING': 'Pending',
  'backupPromotion.delivery.FAILED': 'Failed',
  'backupPromotion.delivery.none': 'Not mailed',
  'backupPromotion.delivery.noneHint': 'No destination address was configured when it arrived.',
  'backupPromotion.delivery.attempts': 'Attempt {count}',
} as const;
