import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAClient,
  SecurityPolicy,
} from 'node-opcua';
import type { OpcuaConnectionConfig } from './schema.ts';

/**
 * The client side of OPC UA security (issue 56). Pegel's application certificate and the trust
 * list live under the data folder's PKI:
 *
 *   <pki>/own/certs/client_certificate.pem   Pegel's certificate (made on first start; give it to
 *                                            the server's administrator to trust)
 *   <pki>/own/private/private_key.pem        its key
 *   <pki>/trusted/certs/                     server certificates Pegel trusts
 *   <pki>/rejected/                          server certificates seen and not trusted: move one
 *                                            to trusted/certs to trust it
 *   <pki>/tofu/<endpoint hash>.json          the certificate trusted on first use, when the
 *                                            connection says `trustServerOnFirstUse: true`
 */

export function clientCertificatePath(pkiDir: string): string {
  return join(pkiDir, 'own', 'certs', 'client_certificate.pem');
}

/** The DER bytes of a PEM certificate file. */
export function readCertificateDer(file: string): Buffer {
  const pem = readFileSync(file, 'utf8');
  const body = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

export async function openCertificateManager(pkiDir: string): Promise<OPCUACertificateManager> {
  const manager = new OPCUACertificateManager({
    rootFolder: pkiDir,
    automaticallyAcceptUnknownCertificate: false,
  });
  await manager.initialize();
  return manager;
}

export function securityModeOf(connection: OpcuaConnectionConfig): MessageSecurityMode {
  return MessageSecurityMode[connection.securityMode];
}

export function securityPolicyOf(connection: OpcuaConnectionConfig): SecurityPolicy {
  return SecurityPolicy[connection.securityPolicy];
}

/**
 * Trust on first use: the first time Pegel reaches this endpoint it asks the server for its
 * endpoints (over the unsecured discovery channel every server offers), trusts the certificate
 * of the endpoint with our mode and policy, and notes it. Later a different certificate is not
 * trusted by this step: it lands in <pki>/rejected and the link says so.
 */
export async function trustOnFirstUse(
  connection: OpcuaConnectionConfig,
  pkiDir: string,
  manager: OPCUACertificateManager,
  timeoutMs: number,
): Promise<void> {
  const marker = join(
    pkiDir,
    'tofu',
    `${createHash('sha256').update(connection.endpoint).digest('hex').slice(0, 16)}.json`,
  );
  if (existsSync(marker)) return;
  const discovery = OPCUAClient.create({
    applicationName: 'Pegel',
    endpointMustExist: false,
    connectionStrategy: { maxRetry: 0, initialDelay: 100, maxDelay: 100 },
    clientCertificateManager: manager,
    transportTimeout: timeoutMs,
  });
  try {
    await discovery.connect(connection.endpoint);
    const endpoints = await discovery.getEndpoints();
    const mode = securityModeOf(connection);
    const policy = securityPolicyOf(connection);
    const match = endpoints.find(
      (e) => e.securityMode === mode && e.securityPolicyUri === String(policy),
    );
    if (!match?.serverCertificate) {
      throw new Error(
        `the server offers no endpoint with ${connection.securityMode} / ${connection.securityPolicy}`,
      );
    }
    await manager.trustCertificate(match.serverCertificate);
    mkdirSync(join(pkiDir, 'tofu'), { recursive: true });
    const thumbprint = createHash('sha1').update(match.serverCertificate).digest('hex');
    writeFileSync(
      marker,
      `${JSON.stringify({ endpoint: connection.endpoint, thumbprint, trustedAt: new Date().toISOString() }, null, 2)}\n`,
    );
  } finally {
    await discovery.disconnect().catch(() => undefined);
  }
}

/** An operator's words for why connecting failed, with the way out where there is one. */
export function describeConnectError(error: unknown, pkiDir: string, secure: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/server Certificate verification failed/i.test(message)) {
    const status = /Bad\w+/.exec(message)?.[0] ?? 'BadCertificateUntrusted';
    return (
      `the server's certificate is not trusted (${status}): move it from ` +
      `${join(pkiDir, 'rejected')} to ${join(pkiDir, 'trusted', 'certs')}`
    );
  }
  if (/BadSecurityChecksFailed|BadCertificate\w*|BadSecurityPolicyRejected/.test(message)) {
    const status = /Bad\w+/.exec(message)?.[0] ?? 'BadSecurityChecksFailed';
    return (
      `the server refused Pegel's certificate (${status}): trust ` +
      `${clientCertificatePath(pkiDir)} at the server`
    );
  }
  // A server that refuses a client certificate answers BadSecurityChecksFailed on purpose (it
  // tells an unknown client nothing more) and closes; node-opcua reports only the closed socket.
  if (secure && /rejected by server/.test(message)) {
    return (
      `the server refused the secure channel, most likely because it does not trust Pegel's ` +
      `certificate: trust ${clientCertificatePath(pkiDir)} at the server`
    );
  }
  return message.replace(/\s*\n\s*/g, ' ');
}
