import {
  CREATE_TICKET_RULESET,
  type CreateTicketRulesetResult,
  type CreateTicketRulesetVariables,
  GET_TICKET_RULESET,
  type GetTicketRulesetResult,
  type ListUsersResponse,
  messages,
  type NewTicketRulesetInput,
  TICKET_RULE_BY_ID,
  type TicketRuleByIdResult,
  type TicketRuleByIdVariables,
  type TicketRulesetInput,
  type TicketSetupResponse,
  UPDATE_TICKET_RULESET,
  type UpdateTicketRulesetResult,
  type UpdateTicketRulesetVariables,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, toQuery } from './api.ts';
import { graphqlRequest } from './graphql.ts';

/**
 * The ticket rulesets over GraphQL (spec §7), for the rulesets screen and the policy condition editor's
 * picker alike. A failed read shows spec §8's "Error fetching ruleset" and is reported to the server's log.
 */

export const ticketRulesetsApi = {
  list: async () => (await graphqlRequest<GetTicketRulesetResult>(GET_TICKET_RULESET)).ticketRuleset,
  get: async (id: number) =>
    (await graphqlRequest<TicketRuleByIdResult, TicketRuleByIdVariables>(TICKET_RULE_BY_ID, { id }))
      .ticketRuleById,
  create: async (ruleset: NewTicketRulesetInput) =>
    (
      await graphqlRequest<CreateTicketRulesetResult, CreateTicketRulesetVariables>(CREATE_TICKET_RULESET, {
        ruleset,
      })
    ).createTicketRuleset,
  update: async (ruleset: TicketRulesetInput) =>
    (
      await graphqlRequest<UpdateTicketRulesetResult, UpdateTicketRulesetVariables>(UPDATE_TICKET_RULESET, {
        ruleset,
      })
    ).updateTicketRuleset,
};

export const ticketRulesetKeys = {
  all: ['ticketRulesets'] as const,
  list: ['ticketRulesets', 'list'] as const,
  detail: (id: number) => ['ticketRulesets', 'detail', id] as const,
};

/** Spec §8 "Error fetching ruleset": the text every failed read shows, before the server's reason. */
export const RULESET_FETCH_ERROR = messages.rulesets.fetchError;

/** Spec §8: the failure is "shown as a message and reported": to the server's error log (a failed report is dropped). */
const reportFetchError = (error: unknown) =>
  apiRequest('POST', apiPaths.helpClientErrors(), {
    source: 'rulesets.fetch',
    message: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
    path: window.location.pathname.slice(0, 2048),
    ...(error instanceof ApiError ? { status: error.status, code: error.code.slice(0, 100) } : {}),
  }).catch(() => undefined);

const reported =
  <T>(read: () => Promise<T>) =>
  async () => {
    try {
      return await read();
    } catch (error) {
      void reportFetchError(error);
      throw error;
    }
  };

export const useTicketRulesetsQuery = (enabled = true) =>
  useQuery({
    queryKey: ticketRulesetKeys.list,
    queryFn: reported(ticketRulesetsApi.list),
    enabled,
    // Shown and reported at once, not retried behind a spinner.
    retry: false,
  });

export const useTicketRulesetQuery = (id: number | undefined) =>
  useQuery({
    queryKey: ticketRulesetKeys.detail(id ?? 0),
    queryFn: reported(() => ticketRulesetsApi.get(id!)),
    enabled: id !== undefined,
    retry: false,
  });

/** Creates (no id) or replaces a ruleset; answers its id. Every ruleset view is read again after. */
export const useSaveTicketRulesetMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleset: NewTicketRulesetInput | TicketRulesetInput) =>
      'id' in ruleset ? ticketRulesetsApi.update(ruleset) : ticketRulesetsApi.create(ruleset),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketRulesetKeys.all }),
  });
};

/** What the rules' fields refer to: the ticket statuses (by name) and the technicians one may assign. */
export const ticketRuleRefKeys = {
  statuses: ['ticketRuleRefs', 'statuses'] as const,
  technicians: ['ticketRuleRefs', 'technicians'] as const,
};

/** The ticket statuses (GET /ticket-setup, ticketing.view), in their order. */
export const useTicketStatusesQuery = () =>
  useQuery({
    queryKey: ticketRuleRefKeys.statuses,
    queryFn: async () =>
      (await apiRequest<TicketSetupResponse>('GET', apiPaths.ticketSetup())).lists.statuses ?? [],
    staleTime: 60_000,
  });

/** The technicians a rule may assign; only for those who may list users (`enabled`). */
export const useTechniciansQuery = (enabled: boolean) =>
  useQuery({
    queryKey: ticketRuleRefKeys.technicians,
    queryFn: async () =>
      (
        await apiRequest<ListUsersResponse>(
          'GET',
          `${apiPaths.users()}${toQuery({ userType: 'TECHNICIAN', page: 1, pageSize: 500 })}`,
        )
      ).data,
    staleTime: 60_000,
    enabled,
  });
