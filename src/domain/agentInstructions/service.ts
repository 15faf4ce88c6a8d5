// Docs agent instructions: one rich-text document per organization, read by
// its members, set by its admins. Setting is one upsert statement, so parallel
// writers leave one row holding one of their documents.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { agentInstructionsPolicy, authorize } from '../../policy/index.js';
import { badRequest } from '../../errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { ContentLimits } from '../../limits/content.js';
import { checkDocumentSize, neutraliseDocumentUrls } from '../content/documentLimits.js';

export interface AgentInstructionsValue {
  organizationId: string;
  instructions: unknown;
  updatedAt: Date;
  /** Id of the member who last set them; "" when never set. */
  updatedBy: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks `value` is a rich-text document as the public document's
 * `JSONDocument` defines it: `{object: "document", data: {schemaVersion?}, nodes: [block…], meta?}`.
 * within the document depth and node limits; dangerous link targets are
 * neutralised. 400 naming the member at fault.
 */
export function checkDocument(value: unknown, field: string, limits: ContentLimits): Record<string, unknown> {
  if (value == null) throw badRequest('is required', field);
  if (!isRecord(value)) throw badRequest('must be a rich-text document object', field);
  checkDocumentSize(value, field, limits);
  if (value.object !== 'document') throw badRequest('must be "document"', `${field}.object`);
  if (!isRecord(value.data)) throw badRequest('must be an object', `${field}.data`);
  const { schemaVersion } = value.data;
  if (schemaVersion !== undefined && !Number.isInteger(schemaVersion))
    throw badRequest('must be an integer', `${field}.data.schemaVersion`);
  if (!Array.isArray(value.nodes)) throw badRequest('must be an array of blocks', `${field}.nodes`);
  value.nodes.forEach((node, i) => {
    if (!isRecord(node) || node.object !== 'block' || typeof node.type !== 'string') {
      throw badRequest('must be a block ({object: "block", type, …})', `${field}.nodes[${i}]`);
    }
  });
  if (value.meta !== undefined && !(isRecord(value.meta) && (value.meta.token === undefined || typeof value.meta.token === 'string'))) {
    throw badRequest('must be an object with an optional string token', `${field}.meta`);
  }
  neutraliseDocumentUrls(value);
  return value;
}

/** What an organization that never set instructions answers: an empty document, as of the organization's creation. */
const emptyInstructions = (organizationId: string, createdAt: Date): AgentInstructionsValue => ({
  organizationId,
  instructions: { object: 'document', data: {}, nodes: [] },
  updatedAt: createdAt,
  updatedBy: '',
});

export async function getAgentInstructions(ctx: Context, org: { id: string; createdAt: Date }): Promise<AgentInstructionsValue> {
  authorize(agentInstructionsPolicy, requireActor(ctx), { organizationId: org.id }, 'read');
  const row = await ctx.prisma.agentInstructions.findUnique({ where: { organizationId: org.id } });
  return row ?? emptyInstructions(org.id, org.createdAt);
}

export async function setAgentInstructions(ctx: Context, organizationId: string, instructions: unknown): Promise<AgentInstructionsValue> {
  const actor = requireActor(ctx);
  authorize(agentInstructionsPolicy, actor, { organizationId }, 'update');
  const document = checkDocument(instructions, 'instructions', ctx.contentLimits) as Prisma.InputJsonValue;
  const now = new Date();
  // A native upsert (INSERT … ON CONFLICT): no read-then-write window between parallel writers.
  const data = { instructions: document, updatedAt: now, updatedBy: actor.userId };
  return ctx.prisma.agentInstructions.upsert({
    where: { organizationId },
    create: { organizationId, ...data },
    update: data,
  });
}
