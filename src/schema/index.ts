// Assembles the schema: every domain folder registers its types on import.
import { builder } from './builder.js';
import './root.js';
import '../domain/users/schema.js';
import '../domain/tokens/schema.js';
import '../domain/organizations/schema.js';
import '../domain/members/schema.js';
import '../domain/teams/schema.js';
import '../domain/content/schema.js';
import '../domain/collections/schema.js';
import '../domain/spaces/schema.js';
import '../domain/spaces/subscriptions.js';
import '../domain/sites/schema.js';
import '../domain/sites/structureSchema.js';
import '../domain/sites/sectionSchema.js';
import '../domain/sites/adaptiveFields.js';
import '../domain/subdomains/schema.js';
import '../domain/agentInstructions/schema.js';
import '../domain/comments/schema.js';
import '../domain/comments/mutations.js';
import '../domain/comments/subscriptions.js';
import '../domain/saml/schema.js';
import '../domain/visitorClaims/schema.js';

export const schema = builder.toSchema({ sortSchema: true });
