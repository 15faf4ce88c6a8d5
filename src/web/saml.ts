// The browser-facing SAML endpoints of each provider (outside /v1: identity
// providers and browsers call them, without an API token); the sign-in rules
// are domain/saml/login.ts:
//   GET  /sso/saml/{id}        Quire's service-provider metadata (XML), at its entity id
//   GET  /sso/saml/{id}/start  redirects to the identity provider with an AuthnRequest
//   POST /sso/saml/{id}/acs    the SAML Response (HTTP-POST binding): answers the login as JSON
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Urls } from '../context.js';
import type { Clock } from '../clock.js';
import { AppError, badRequest } from '../errors.js';
import { checkDeclaredLength, readBody } from '../http/body.js';
import { sendJson } from '../http/respond.js';
import { consumeSamlResponse, loginRedirectUrl, serviceProviderMetadata } from '../domain/saml/login.js';
import { withRequestSignal } from '../db/requestSignal.js';

const ROUTE = /^\/sso\/saml\/([A-Za-z0-9_]{1,64})(\/start|\/acs)?\/?$/;

export interface SamlEndpointDeps {
  prisma: PrismaClient;
  urls: Urls;
  clock: Clock;
  maxBodyBytes: number;
}

/** The route pattern a path matches (for metrics and logs), or undefined when it is no SAML endpoint. */
export function samlEndpointOf(path: string): string | undefined {
  const match = ROUTE.exec(path);
  return match ? `/sso/saml/:samlProviderId${match[2] ?? ''}` : undefined;
}

/** The form fields of an application/x-www-form-urlencoded body (400 for any other type). */
async function readForm(req: IncomingMessage, maxBytes: number) {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw badRequest('The SAML Response must be posted as application/x-www-form-urlencoded (HTTP-POST binding)');
  checkDeclaredLength(req, maxBytes);
  return new URLSearchParams((await readBody(req, maxBytes)).toString('utf8'));
}

export function samlEndpoints(deps: SamlEndpointDeps) {
  /** `signal`: the request's (src/db/requestSignal.ts); a login's transaction stops when its browser leaves. */
  return async function handleSaml(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, signal: AbortSignal) {
    const [, providerId, action = ''] = ROUTE.exec(path) ?? [];
    const method = req.method ?? 'GET';
    const allowed = action === '/acs' ? 'POST' : 'GET';
    if (method !== allowed) {
      res.setHeader('Allow', allowed);
      throw new AppError(405, `Method ${method} is not allowed on ${path}`);
    }
    res.setHeader('Cache-Control', 'no-store');
    if (action === '') {
      const xml = await serviceProviderMetadata(deps.prisma, deps.urls, providerId);
      return void res
        .writeHead(200, { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8', 'Content-Length': Buffer.byteLength(xml) })
        .end(xml);
    }
    if (action === '/start') {
      const location = await loginRedirectUrl(deps.prisma, deps.urls, providerId, query.get('RelayState') ?? '');
      return void res.writeHead(302, { Location: location }).end();
    }
    const form = await readForm(req, deps.maxBodyBytes);
    const samlResponse = form.get('SAMLResponse');
    if (!samlResponse) throw badRequest('is required', 'SAMLResponse');
    const login = await consumeSamlResponse(withRequestSignal(deps.prisma, signal), deps.urls, providerId, samlResponse, deps.clock.now());
    const relayState = form.get('RelayState');
    sendJson(res, 200, { ...login, ...(relayState ? { relayState } : {}) });
  };
}
