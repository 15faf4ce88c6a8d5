// The admin CLI's usage, per command (`npm run --silent cli -- <command> --help`),
// and its options: read by src/cli.ts before anything heavy loads, so help is instant.

/** How the CLI is run: the synopses name it so, since there is no `quire` command on the PATH. */
const CLI = 'npm run --silent cli --';

/** Each command's synopsis and what it answers (`npm run --silent cli -- <command> --help`). */
export const help: Record<string, string> = {
  bootstrap: `${CLI} bootstrap --org "<title>" --email <email> [--name <name>] [--scopes <a,b>] [--json]
  Creates an organization whose admin is the user with that e-mail (created when new) and issues them a token.
  Answers organizationId, userId and token (shown once).`,
  'user create': `${CLI} user create --org <organizationId> --email <email> --role <admin|create|review|edit|comment|read|guest> [--name <name>] [--scopes <a,b>] [--sso] [--json]
  Adds the user (created when new) to the organization with that role, or changes their role, and issues them a token.
  Answers userId and token (shown once).`,
  'token create': `${CLI} token create --user <userId|email> [--scopes <a,b>] [--label <label>] [--json]
  Issues a new API token to the user. Answers id, userId, label, scopes and token (shown once).`,
  'token list': `${CLI} token list --user <userId|email> [--json]
  Lists the user's tokens (never their secrets): id, userId, label, scopes, createdAt, lastUsedAt, revokedAt.`,
  'domain verify': `${CLI} domain verify --org <organizationId> --domain <domain> [--json]
  Records that the organization owns the e-mail domain: its SAML providers may then sign in any address of it.
  A domain belongs to one organization at most (exit 1 when another holds it).`,
  'domain unverify': `${CLI} domain unverify --org <organizationId> --domain <domain> [--json]
  Withdraws the organization's claim on the domain. Answers removed: true when it held it.`,
  'domain list': `${CLI} domain list --org <organizationId> [--json]
  Lists the organization's verified e-mail domains.`,
  'token revoke': `${CLI} token revoke <tokenId> [--json]
  Revokes the token at once. Answers the token as it now is (revokedAt set).`,
};
export const usage = `Usage: ${CLI} <command>   (<command> --help for one)
${Object.values(help)
  .map((h) => `  ${h.split('\n')[0]}`)
  .join('\n')}
--scopes takes OAuth scope names (e.g. space:read,organization:read); without it a token is unrestricted.
--sso adds the member as an SSO member. An organization that enforces SSO refuses tokens to its non-SSO members (exit 1).
--json prints one JSON object (an array for token list) instead of "key: value" lines.`;

export const options = {
  org: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  user: { type: 'string' },
  scopes: { type: 'string' },
  sso: { type: 'boolean' },
  label: { type: 'string' },
  domain: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command a command line names: `bootstrap`, or two words (`token create`). */
export const commandOf = (positionals: string[]) => (positionals[0] === 'bootstrap' ? 'bootstrap' : positionals.slice(0, 2).join(' '));
