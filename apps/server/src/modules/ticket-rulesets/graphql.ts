import {
  ActivityOutcome,
  alertPriorities,
  alertSeverities,
  jobResults,
  resetTimeUnits,
  ruleTriggerTypes,
} from '@rmm/domain';
import type { GraphqlModule } from '../graphql/module.ts';
import * as service from './service.ts';

const enumOf = (name: string, values: readonly string[]) => `enum ${name} {\n  ${values.join('\n  ')}\n}`;

/**
 * Spec §3 "Ticket ruleset" and §7 "Ticket rulesets (GraphQL)", schema first. The enums are the domain's lists;
 * nullable input fields default to null, so a client may leave them out. The console's documents are the
 * domain's (rulesets-graphql.ts).
 */
const typeDefs = /* GraphQL */ `
${enumOf('TicketRulesetType', ruleTriggerTypes)}

"""A ticket's priority (the alert priorities)."""
${enumOf('TicketPriority', alertPriorities)}

"""A ticket's severity (the alert severities)."""
${enumOf('TicketSeverity', alertSeverities)}

${enumOf('ResetTimeUnit', resetTimeUnits)}

${enumOf('JobResult', jobResults)}

${enumOf('ActivityOutcome', ActivityOutcome.options)}

"""How a triggered condition's ticket is made; null status, priority or severity: the form's or the condition's."""
type ConditionTriggerSettings {
  ticketFormId: Int
  status: Int
  tags: [String!]!
  priority: TicketPriority
  severity: TicketSeverity
  """Only answered when the ruleset is read by id (ticketRuleById); null in the list."""
  useOwnerAsRequester: Boolean
}

type ResetTime {
  value: Int!
  unit: ResetTimeUnit!
}

"""When the condition resets: after time, its ticket is set to status."""
type ConditionResetSettings {
  status: Int!
  time: ResetTime!
}

"""When the condition triggers again while its ticket is open."""
type ConditionReTriggerSettings {
  createNewTicket: Boolean!
  status: Int
  tags: [String!]!
  priority: TicketPriority
  severity: TicketSeverity
}

"""The ticket a script or activity rule creates; null status: New, null priority or severity: NONE."""
type RuleTicketSettings {
  ticketFormId: Int
  status: Int
  tags: [String!]!
  priority: TicketPriority
  severity: TicketSeverity
}

"""What an event or time rule sets on a ticket; null: left as it is; tags are added."""
type RuleTicketChanges {
  status: Int
  priority: TicketPriority
  severity: TicketSeverity
  tags: [String!]!
  assigneeId: Int
}

"""SCRIPT_RULE: a finished job of these library scripts (none: any) with one of these results."""
type ScriptRuleSettings {
  scriptIds: [Int!]!
  results: [JobResult!]!
  ticket: RuleTicketSettings!
}

"""ACTIVITY_RULE: an activity of one of these actions with one of these outcomes (none: either)."""
type ActivityRuleSettings {
  actions: [String!]!
  outcomes: [ActivityOutcome!]!
  ticket: RuleTicketSettings!
}

"""EVENT_BASED: a ticket that enters one of these statuses or priorities gets set."""
type EventRuleSettings {
  statusIds: [Int!]!
  priorities: [TicketPriority!]!
  set: RuleTicketChanges!
}

"""TIME_BASED: a ticket in statusId for afterMinutes gets set, once per stay in the status."""
type TimeRuleSettings {
  statusId: Int!
  afterMinutes: Int!
  set: RuleTicketChanges!
}

type TicketRuleset {
  id: Int!
  name: String!
  type: TicketRulesetType!
  enabled: Boolean!
  isDefault: Boolean!
  createTime: String!
  updateTime: String!
  conditionTriggerSettings: ConditionTriggerSettings
  conditionResetSettings: ConditionResetSettings
  conditionReTriggerSettings: ConditionReTriggerSettings
  scriptRuleSettings: ScriptRuleSettings
  activityRuleSettings: ActivityRuleSettings
  eventRuleSettings: EventRuleSettings
  timeRuleSettings: TimeRuleSettings
}

input ConditionTriggerSettingsInput {
  ticketFormId: Int = null
  status: Int = null
  tags: [String!]! = []
  priority: TicketPriority = null
  severity: TicketSeverity = null
  useOwnerAsRequester: Boolean! = false
}

input ResetTimeInput {
  value: Int!
  unit: ResetTimeUnit!
}

input ConditionResetSettingsInput {
  status: Int!
  time: ResetTimeInput!
}

input ConditionReTriggerSettingsInput {
  createNewTicket: Boolean! = false
  status: Int = null
  tags: [String!]! = []
  priority: TicketPriority = null
  severity: TicketSeverity = null
}

input RuleTicketSettingsInput {
  ticketFormId: Int = null
  status: Int = null
  tags: [String!]! = []
  priority: TicketPriority = null
  severity: TicketSeverity = null
}

input RuleTicketChangesInput {
  status: Int = null
  priority: TicketPriority = null
  severity: TicketSeverity = null
  tags: [String!]! = []
  assigneeId: Int = null
}

input ScriptRuleSettingsInput {
  scriptIds: [Int!]! = []
  results: [JobResult!]! = [FAILURE]
  ticket: RuleTicketSettingsInput! = {}
}

input ActivityRuleSettingsInput {
  actions: [String!]!
  outcomes: [ActivityOutcome!]! = []
  ticket: RuleTicketSettingsInput! = {}
}

input EventRuleSettingsInput {
  statusIds: [Int!]! = []
  priorities: [TicketPriority!]! = []
  set: RuleTicketChangesInput!
}

input TimeRuleSettingsInput {
  statusId: Int!
  afterMinutes: Int!
  set: RuleTicketChangesInput!
}

input NewTicketRulesetInput {
  name: String!
  type: TicketRulesetType!
  enabled: Boolean! = true
  isDefault: Boolean! = false
  conditionTriggerSettings: ConditionTriggerSettingsInput = null
  conditionResetSettings: ConditionResetSettingsInput = null
  conditionReTriggerSettings: ConditionReTriggerSettingsInput = null
  """The settings of the ruleset's own type; left out of an update, the stored ones stay."""
  scriptRuleSettings: ScriptRuleSettingsInput
  activityRuleSettings: ActivityRuleSettingsInput
  eventRuleSettings: EventRuleSettingsInput
  timeRuleSettings: TimeRuleSettingsInput
}

"""Every field of the ruleset of this id, replacing the stored ones."""
input TicketRulesetInput {
  id: Int!
  name: String!
  type: TicketRulesetType!
  enabled: Boolean! = true
  isDefault: Boolean! = false
  conditionTriggerSettings: ConditionTriggerSettingsInput = null
  conditionResetSettings: ConditionResetSettingsInput = null
  conditionReTriggerSettings: ConditionReTriggerSettingsInput = null
  """The settings of the ruleset's own type; left out of an update, the stored ones stay."""
  scriptRuleSettings: ScriptRuleSettingsInput
  activityRuleSettings: ActivityRuleSettingsInput
  eventRuleSettings: EventRuleSettingsInput
  timeRuleSettings: TimeRuleSettingsInput
}

extend type Query {
  """Every ruleset, the default first (query GetTicketRuleset)."""
  ticketRuleset: [TicketRuleset!]!
  """One ruleset, or null (query TicketRuleById)."""
  ticketRuleById(id: Int!): TicketRuleset
}

extend type Mutation {
  """Answers the new ruleset's id (mutation CreateTicketRuleset)."""
  createTicketRuleset(ruleset: NewTicketRulesetInput!): Int!
  """Answers the ruleset's id (mutation UpdateTicketRuleset)."""
  updateTicketRuleset(ruleset: TicketRulesetInput!): Int!
}
`;

export const ticketRulesetsGraphql: GraphqlModule = {
  typeDefs,
  access: {
    ticketRuleset: 'ticketing.view',
    ticketRuleById: 'ticketing.view',
    createTicketRuleset: 'settings.manage',
    updateTicketRuleset: 'settings.manage',
  },
  resolvers: {
    ticketRuleset: (_args, { db }) => service.listRulesets(db),
    ticketRuleById: ({ id }, { db }) => service.getRuleset(db, id as number),
    createTicketRuleset: ({ ruleset }, { db, actor }) => service.createRuleset({ db, actor, input: ruleset }),
    updateTicketRuleset: ({ ruleset }, { db, actor }) => service.updateRuleset({ db, actor, input: ruleset }),
  },
  /** An enum value that is not a trigger type: the spec's "an error is raised", with its own code. */
  codeOfInputError: (message) =>
    message.includes('"TicketRulesetType" enum') ? 'INVALID_TRIGGER_TYPE' : undefined,
};
