/**
 * Every user-facing text of spec §5 and §8 as a message id with its English text, word for word.
 * Texts marked "decided" are not in the spec; docs/decisions.md lists them.
 */
export const messages = {
  wakeOnLan: {
    noUsableMac: 'Wake-on-LAN unsuccessful: No devices are online that can wake up the device',
    sendError: 'Error sending wake-on-lan',
  },
  jobs: {
    submitError: 'Error creating/updating jobs',
    deviceError: 'Unable to perform this action',
    noResponse: 'Did not receive a response from the device',
    requestError: 'There was a problem completing the request you made',
  },
  backup: {
    clearJobError: 'Error clearing backup job',
    fetchError: 'Error while fetching data',
    loadingError: 'Backup loading error',
  },
  attachments: {
    uploadError: 'There was an error while uploading the attachment',
    suspicious: 'This attachment has been flagged as suspicious',
  },
  mfa: {
    hardwareFailed: 'Authentication failed or was cancelled',
    duoPending: 'Waiting on Duo verification',
    /** Decided: the spec does not show the MFA code messages. */
    invalidCode: 'Enter the 6-digit code',
  },
  help: {
    tooltipSaveError: 'Unable to save help tooltip status',
    /** Decided: the spec only says an error state is shown. */
    searchError: 'Unable to load help articles',
  },
  products: {
    createError: 'Error creating product',
    created: 'Product created',
    updateError: 'Error updating product',
    updated: 'Product updated',
    nameTaken: 'Product name already taken',
    productsInactiveOrMissing: 'One or more products are inactive or were not found',
    rolesInactiveOrMissing: 'One or more roles are inactive or were not found',
  },
  images: {
    uploadError: 'There was an error while uploading an image',
    suspicious: 'An image has been flagged as suspicious',
  },
  rulesets: {
    fetchError: 'Error fetching ruleset',
  },
  credentials: {
    loadError: 'Error loading credentials',
  },
  groups: {
    fetchError: 'Error fetching groups',
  },
  psaMapping: {
    fetchCompaniesError: 'Error fetching account companies',
    fetchCompanySitesError: 'Error fetching company sites',
    autoMapError: 'Error while auto mapping',
    refreshCompanySitesError: 'Error while refreshing company sites',
  },
  ticketRules: {
    sameProblem: 'Cannot assign ticket to the same problem',
    inactiveAgreement: 'Cannot set inactive agreement on ticket',
    removeAgreementWithPendingProducts: 'Cannot remove agreement from ticket with pending products',
    oneTimeAgreementWithPendingProducts:
      'Cannot set one-time billed agreement while ticket has pending products',
    productNotInAgreement: 'Agreement product selected does not belong to the agreement',
    parentResolved: 'This ticket cannot be edited because its parent ticket is resolved',
  },
  validation: {
    mandatory: 'Mandatory value is undefined. Please enter a value.',
    /** Decided: the spec says the email must be valid but shows no text. */
    invalidEmail: 'Please enter a valid email address',
  },
  numeric: {
    invalid: 'Invalid',
    scientificNotation: 'Must not be in scientific notation',
    maxDecimals: 'Can contain up to {n} decimal places',
    oneInteger: 'Must contain one integer',
    greaterThan: 'Value must be greater than {min}',
    greaterThanOrEqual: 'Value must be greater than or equal to {min}',
    lessThan: 'Value must be less than {max}',
    lessThanOrEqual: 'Value must be less than or equal to {max}',
  },
  tags: {
    noSpaces: 'Tag cannot contain spaces',
    noQuotes: 'Tag cannot contain quotes',
    noCommas: 'Tag cannot contain commas',
    maxLength: 'Exceeds max character limit of {limit}',
  },
  input: {
    integer: 'Input must be of integer value',
    decimal: 'Input must be of decimal value',
    ipAddress: 'Value must be a valid IP Address',
  },
  browserExtension: {
    blocked: 'Your admin has blocked this browser extension.',
  },
} as const;

type Messages = typeof messages;
export type MessageGroup = keyof Messages;
/** A dotted id such as `wakeOnLan.noUsableMac`. */
export type MessageId = {
  [G in MessageGroup]: `${G}.${keyof Messages[G] & string}`;
}[MessageGroup];

const flatten = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(messages).flatMap(([group, entries]) =>
      Object.entries(entries).map(([key, text]): [string, string] => [`${group}.${key}`, text]),
    ),
  );

/** The English catalogue keyed by dotted id, for the console's i18n catalog and the server. */
export const englishMessages: Readonly<Record<string, string>> = Object.freeze(flatten());

export const isMessageId = (id: string): id is MessageId => Object.hasOwn(englishMessages, id);

export const messageText = (id: MessageId): string => englishMessages[id] ?? id;

export type MessageParams = Readonly<Record<string, string | number>>;

/** Fills `{name}` placeholders ({n}, {min}, {max}, {limit}, ...); unknown ones stay as they are. */
export const formatMessage = (template: string, params: MessageParams = {}): string =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
