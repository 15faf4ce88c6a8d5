// A test identity provider: a key pair and self-signed certificate made here,
// and SAML Responses whose assertion it signs (xml-crypto, as IdPs do).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

export interface TestIdp {
  entityID: string;
  privateKey: string;
  certificate: string;
}

export function createTestIdp(entityID = `https://idp.test/${randomUUID()}`): TestIdp {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [{ name: 'commonName', value: 'idp.test' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(forge.pki.privateKeyFromPem(privatePem), forge.md.sha256.create());
  return { entityID, privateKey: privatePem, certificate: forge.pki.certificateToPem(cert) };
}

export interface AssertionOptions {
  /** Quire's entity id for the provider (the audience) and its ACS URL (the recipient). */
  audience: string;
  acsURL: string;
  email: string;
  issuer?: string;
  notOnOrAfter?: Date;
  assertionId?: string;
}

const iso = (d: Date) => d.toISOString();

/** A SAML Response (unsigned) with one assertion naming `email`. */
export function samlResponseXml(o: AssertionOptions & { issuer: string }) {
  const now = new Date();
  const notOnOrAfter = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const assertionId = o.assertionId ?? `_a${randomUUID()}`;
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${o.acsURL}">` +
    `<saml:Issuer>${o.issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${o.issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(notOnOrAfter)}" Recipient="${o.acsURL}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(new Date(now.getTime() - 60_000))}" NotOnOrAfter="${iso(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${o.email}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`
  );
}

/** The response's assertion signed by `signer` (enveloped, exclusive c14n, RSA-SHA256). */
export function signAssertion(xml: string, signer: TestIdp) {
  const sig = new SignedXml({
    privateKey: signer.privateKey,
    publicCert: signer.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return sig.getSignedXml();
}

/** A signed SAML Response, base64 as the HTTP-POST binding carries it. */
export function signedSamlResponse(idp: TestIdp, o: AssertionOptions, signer: TestIdp = idp) {
  return Buffer.from(signAssertion(samlResponseXml({ ...o, issuer: o.issuer ?? idp.entityID }), signer)).toString('base64');
}
