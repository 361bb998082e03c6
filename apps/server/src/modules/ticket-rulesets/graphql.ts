import { alertPriorities, alertSeverities, resetTimeUnits, ruleTriggerTypes } from '@rmm/domain';
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

input NewTicketRulesetInput {
  name: String!
  type: TicketRulesetType!
  enabled: Boolean! = true
  isDefault: Boolean! = false
  conditionTriggerSettings: ConditionTriggerSettingsInput = null
  conditionResetSettings: ConditionResetSettingsInput = null
  conditionReTriggerSettings: ConditionReTriggerSettingsInput = null
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
