import type { NewTicketRulesetInput, TicketRuleset, TicketRulesetInput } from './rulesets.ts';

/**
 * Spec §7 "Ticket rulesets (GraphQL)": the four operations the console sends to `POST /graphql`, as the
 * documents it sends (plain strings: the server parses them, the console needs no GraphQL parser of its own).
 * The server's schema is `apps/server/src/modules/ticket-rulesets/graphql.ts`.
 */

const settingsFields = (withRequester: boolean) => `
    conditionTriggerSettings {
      ticketFormId
      status
      tags
      priority
      severity${withRequester ? '\n      useOwnerAsRequester' : ''}
    }
    conditionResetSettings {
      status
      time {
        value
        unit
      }
    }
    conditionReTriggerSettings {
      createNewTicket
      status
      tags
      priority
      severity
    }`;

const ticketFields = `{
        ticketFormId
        status
        tags
        priority
        severity
      }`;
const changesFields = `{
        status
        priority
        severity
        tags
        assigneeId
      }`;

/** The other trigger types' settings (ticket-rules.ts): read by id, where the dialog edits them. */
const ruleSettingsFields = `
    scriptRuleSettings {
      scriptIds
      results
      ticket ${ticketFields}
    }
    activityRuleSettings {
      actions
      outcomes
      ticket ${ticketFields}
    }
    eventRuleSettings {
      statusIds
      priorities
      set ${changesFields}
    }
    timeRuleSettings {
      statusId
      afterMinutes
      set ${changesFields}
    }`;

const rulesetFields = (byId: boolean) => `
    id
    name
    type
    enabled
    isDefault
    createTime
    updateTime${settingsFields(byId)}${byId ? ruleSettingsFields : ''}`;

/** Every ruleset (useOwnerAsRequester is only read by id: the list answers null for it). */
export const GET_TICKET_RULESET = `query GetTicketRuleset {
  ticketRuleset {${rulesetFields(false)}
  }
}`;
export type GetTicketRulesetResult = { ticketRuleset: TicketRuleset[] };

/** One ruleset, with useOwnerAsRequester and its trigger type's own settings; null when there is none of this id. */
export const TICKET_RULE_BY_ID = `query TicketRuleById($id: Int!) {
  ticketRuleById(id: $id) {${rulesetFields(true)}
  }
}`;
export type TicketRuleByIdVariables = { id: number };
export type TicketRuleByIdResult = { ticketRuleById: TicketRuleset | null };

/** Answers the new ruleset's id. */
export const CREATE_TICKET_RULESET = `mutation CreateTicketRuleset($ruleset: NewTicketRulesetInput!) {
  createTicketRuleset(ruleset: $ruleset)
}`;
export type CreateTicketRulesetVariables = { ruleset: NewTicketRulesetInput };
export type CreateTicketRulesetResult = { createTicketRuleset: number };

/** Replaces every field of the ruleset of `ruleset.id`; answers its id. */
export const UPDATE_TICKET_RULESET = `mutation UpdateTicketRuleset($ruleset: TicketRulesetInput!) {
  updateTicketRuleset(ruleset: $ruleset)
}`;
export type UpdateTicketRulesetVariables = { ruleset: TicketRulesetInput };
export type UpdateTicketRulesetResult = { updateTicketRuleset: number };
