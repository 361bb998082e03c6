import {
  CreatePolicyRequest,
  DevicePolicyResponse,
  DynamicPolicyInput,
  DynamicPolicyResponse,
  IdParam,
  ListDynamicPoliciesQuery,
  ListDynamicPoliciesResponse,
  ListPoliciesQuery,
  ListPoliciesResponse,
  OkResponse,
  OrganizationPolicies,
  PolicyDryRunRequest,
  PolicyDryRunResponse,
  PolicyResponse,
  SetDevicePolicyRequest,
  SetOrganizationPoliciesRequest,
  UpdateDynamicPolicyRequest,
  UpdatePolicyRequest,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as assignment from './assignment.ts';
import { dryRunPolicy } from './dry-run.ts';
import * as dynamic from './dynamic.ts';
import * as service from './service.ts';

const tags = ['policies'];

/** Agent policies, their assignment, dynamic policies and the editor's dry run (issue 19). */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({ db: app.db, actor: actorOf(request) });
  const change = (request: FastifyRequest) => ({ ...context(request), bus: app.bus });

  app.get(
    '/policies',
    {
      config: { access: 'policies.view' },
      schema: {
        tags,
        summary: 'Policies by name, each with the devices it applies to in the caller scope',
        querystring: ListPoliciesQuery,
        response: { 200: ListPoliciesResponse },
      },
    },
    async (request) => service.listPolicies({ ...context(request), query: request.query }),
  );

  app.post(
    '/policies',
    {
      config: { access: 'policies.manage', activity: 'policy.create' },
      schema: {
        tags,
        summary: 'Create a policy for a device class, optionally inheriting from a parent of that class',
        body: CreatePolicyRequest,
        response: { 201: PolicyResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ policy: await service.createPolicy({ ...change(request), input: request.body }) }),
  );

  app.get(
    '/policies/:id',
    {
      config: { access: 'policies.view' },
      schema: {
        tags,
        summary: 'A policy with its own, inherited and overridden conditions',
        params: IdParam,
        response: { 200: PolicyResponse },
      },
    },
    async (request) => ({ policy: await service.getPolicy({ ...context(request), id: request.params.id }) }),
  );

  app.put(
    '/policies/:id',
    {
      config: { access: 'policies.manage', activity: 'policy.update' },
      schema: {
        tags,
        summary: 'Replace a policy; the version read must still be the stored one (409 otherwise)',
        params: IdParam,
        body: UpdatePolicyRequest,
        response: { 200: PolicyResponse },
      },
    },
    async (request) => ({
      policy: await service.updatePolicy({ ...change(request), id: request.params.id, input: request.body }),
    }),
  );

  app.delete(
    '/policies/:id',
    {
      config: { access: 'policies.manage', activity: 'policy.delete' },
      schema: {
        tags,
        summary: 'Delete a policy nothing is assigned to and no policy inherits from',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deletePolicy({ ...context(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/policies/:id/dry-run',
    {
      config: { access: 'policies.view' },
      schema: {
        tags,
        summary:
          'Which of the policy’s devices each condition would trigger on now, from stored data or asking their agents (nothing is stored)',
        params: IdParam,
        body: PolicyDryRunRequest,
        response: { 200: PolicyDryRunResponse },
      },
    },
    async (request) =>
      dryRunPolicy({
        ...context(request),
        bus: app.bus,
        config: app.config,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.get(
    '/organizations/:id/policies',
    {
      config: { access: 'policies.view' },
      schema: {
        tags,
        summary: 'The organization’s policy per device role, and its locations’ overrides',
        params: IdParam,
        response: { 200: OrganizationPolicies },
      },
    },
    async (request) =>
      assignment.getOrganizationPolicies({ ...context(request), organizationId: request.params.id }),
  );

  app.put(
    '/organizations/:id/policies',
    {
      config: { access: 'policies.manage', activity: 'organization.policies' },
      schema: {
        tags,
        summary: 'Replace the organization’s policy assignment (a policy only for roles of its class)',
        params: IdParam,
        body: SetOrganizationPoliciesRequest,
        response: { 200: OrganizationPolicies },
      },
    },
    async (request) =>
      assignment.setOrganizationPolicies({
        ...change(request),
        organizationId: request.params.id,
        input: request.body,
      }),
  );

  app.get(
    '/devices/:id/policy',
    {
      config: { access: 'policies.view' },
      schema: {
        tags,
        summary: 'The device’s policy, where it comes from, and every condition that applies to it',
        params: IdParam,
        response: { 200: DevicePolicyResponse },
      },
    },
    async (request) => assignment.getDevicePolicy({ ...context(request), deviceId: request.params.id }),
  );

  app.put(
    '/devices/:id/policy',
    {
      config: { access: 'policies.manage', activity: 'device.policy' },
      schema: {
        tags,
        summary: 'Set the device’s own policy (null: follow its location and organization)',
        params: IdParam,
        body: SetDevicePolicyRequest,
        response: { 200: DevicePolicyResponse },
      },
    },
    async (request) =>
      assignment.setDevicePolicy({ ...change(request), deviceId: request.params.id, input: request.body }),
  );

  app.get(
    '/dynamic-policies',
    {
      config: { access: 'policies.view' },
      schema: {
        tags,
        summary: 'Dynamic policies in their order, each with the devices it matches in the caller scope',
        querystring: ListDynamicPoliciesQuery,
        response: { 200: ListDynamicPoliciesResponse },
      },
    },
    async (request) => dynamic.listDynamicPolicies({ ...context(request), query: request.query }),
  );

  app.post(
    '/dynamic-policies',
    {
      config: { access: 'policies.manage', activity: 'dynamicPolicy.create' },
      schema: {
        tags,
        summary: 'Layer a policy’s conditions on the devices saved-search criteria match',
        body: DynamicPolicyInput,
        response: { 201: DynamicPolicyResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        dynamicPolicy: await dynamic.createDynamicPolicy({ ...change(request), input: request.body }),
      }),
  );

  app.get(
    '/dynamic-policies/:id',
    {
      config: { access: 'policies.view' },
      schema: {
        tags,
        summary: 'A dynamic policy',
        params: IdParam,
        response: { 200: DynamicPolicyResponse },
      },
    },
    async (request) => ({
      dynamicPolicy: await dynamic.getDynamicPolicy({ ...context(request), id: request.params.id }),
    }),
  );

  app.put(
    '/dynamic-policies/:id',
    {
      config: { access: 'policies.manage', activity: 'dynamicPolicy.update' },
      schema: {
        tags,
        summary: 'Replace a dynamic policy; the version read must still be the stored one (409 otherwise)',
        params: IdParam,
        body: UpdateDynamicPolicyRequest,
        response: { 200: DynamicPolicyResponse },
      },
    },
    async (request) => ({
      dynamicPolicy: await dynamic.updateDynamicPolicy({
        ...change(request),
        id: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/dynamic-policies/:id',
    {
      config: { access: 'policies.manage', activity: 'dynamicPolicy.delete' },
      schema: { tags, summary: 'Delete a dynamic policy', params: IdParam, response: { 200: OkResponse } },
    },
    async (request) => {
      await dynamic.deleteDynamicPolicy({ ...change(request), id: request.params.id });
      return { ok: true as const };
    },
  );
};
