// Docs agent instructions of an organization: `Organization.agentInstructions`
// and the `setAgentInstructions` mutation (REST GET/PUT …/agent-instructions).
import { builder } from '../../schema/builder.js';
import { getAgentInstructions, setAgentInstructions, type AgentInstructionsValue } from './service.js';

const AgentInstructionsUrls = builder.simpleObject('AgentInstructionsUrls', {
  description: 'Links to the agent instructions.',
  fields: (t) => ({ location: t.string({ description: 'The agent instructions in the API.' }) }),
});

export const AgentInstructionsRef = builder.objectRef<AgentInstructionsValue>('AgentInstructions').implement({
  description: "An organization's Docs agent instructions: a rich-text document.",
  fields: (t) => ({
    instructions: t.field({
      type: 'JSON',
      description: 'The instructions: a rich-text document {object: "document", data, nodes}; empty when never set.',
      resolve: (v) => v.instructions,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      description: "When they were last set (the organization's creation when never set).",
      resolve: (v) => v.updatedAt,
    }),
    updatedBy: t.string({ description: 'User id of the member who last set them; empty when never set.', resolve: (v) => v.updatedBy }),
    urls: t.field({
      type: AgentInstructionsUrls,
      description: 'Links to the agent instructions.',
      resolve: (v, _args, ctx) => ({ location: `${ctx.urls.api}/orgs/${v.organizationId}/agent-instructions` }),
    }),
  }),
});

builder.prismaObjectField('Organization', 'agentInstructions', (t) =>
  t.field({
    type: AgentInstructionsRef,
    description: 'Docs agent instructions of the organization (members, not guests).',
    select: { createdAt: true },
    // Reads the instructions, not the organization: their policy checks the scope.
    skipTypeScopes: true,
    resolve: (org, _args, ctx) => getAgentInstructions(ctx, org),
  }),
);

builder.relayMutationField(
  'setAgentInstructions',
  {
    description: 'Arguments of setAgentInstructions.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      instructions: t.field({
        type: 'JSON',
        description: 'The instructions: a rich-text document {object: "document", data, nodes} (required).',
      }),
    }),
  },
  {
    description: "Sets an organization's Docs agent instructions (admins).",
    resolve: async (_root, { input }, ctx) => ({
      agentInstructions: await setAgentInstructions(ctx, input.organizationId, input.instructions),
    }),
  },
  {
    description: 'The result of setAgentInstructions.',
    outputFields: (t) => ({
      agentInstructions: t.field({
        type: AgentInstructionsRef,
        description: 'The instructions as now set.',
        resolve: (p) => p.agentInstructions,
      }),
    }),
  },
);
