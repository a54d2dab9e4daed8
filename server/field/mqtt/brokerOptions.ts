/**
 * How a station reaches its MQTT broker (MQTT JSON and Sparkplug B alike): the broker's URL,
 * TLS files and the name of the environment variables that hold its credentials. The user name
 * and password never stand in the plant file (issue 56): `credentialsEnv: PEGEL_MQTT_NORD` reads
 * PEGEL_MQTT_NORD_USERNAME and PEGEL_MQTT_NORD_PASSWORD, or PEGEL_MQTT_NORD_PASSWORD_FILE (a
 * secrets file, e.g. /run/secrets/…, whose content is the password).
 */
import { readFileSync } from 'node:fs';
import type { IClientOptions } from 'mqtt';
import { z } from 'zod';

export const brokerFields = {
  /** mqtt://host:1883 or mqtts://host:8883 (TLS). */
  url: z
    .string()
    .regex(/^(mqtts?|wss?):\/\/[^\s]+$/, 'a broker URL such as mqtt://host:1883')
    .describe('mqtt://host:1883 or mqtts://host:8883 (TLS).'),
  /** Client id at the broker; default pegel-<station>-<random>. */
  clientId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('Client id at the broker; default pegel-<station>-<random>.'),
  /** Prefix of the environment variables with the credentials (…_USERNAME, …_PASSWORD[_FILE]). */
  credentialsEnv: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable prefix such as PEGEL_MQTT_NORD')
    .optional(),
  tls: z
    .strictObject({
      /** CA certificate(s) that sign the broker's certificate (PEM file). */
      caFile: z
        .string()
        .min(1)
        .optional()
        .describe("CA certificate(s) that sign the broker's certificate (PEM file)."),
      /** Client certificate and key for brokers that ask for one (PEM files). */
      certFile: z
        .string()
        .min(1)
        .optional()
        .describe('Client certificate and key for brokers that ask for one (PEM files).'),
      keyFile: z.string().min(1).optional(),
      /** Only for a test bench: accepts any broker certificate. */
      rejectUnauthorized: z
        .boolean()
        .default(true)
        .describe('Only for a test bench: accepts any broker certificate.'),
    })
    .optional(),
  /** Seconds between keep-alive pings: a silent broker is noticed after 1.5 times this. */
  keepaliveS: z
    .int()
    .min(1)
    .max(600)
    .default(2)
    .describe('Seconds between keep-alive pings: a silent broker is noticed after 1.5 times this.'),
};

export interface BrokerConnection {
  url: string;
  clientId?: string | undefined;
  credentialsEnv?: string | undefined;
  tls?:
    | {
        caFile?: string | undefined;
        certFile?: string | undefined;
        keyFile?: string | undefined;
        rejectUnauthorized: boolean;
      }
    | undefined;
  keepaliveS: number;
}

/** The credentials named by `credentialsEnv`; throws with the variable's name when one is missing. */
export function brokerCredentials(
  prefix: string | undefined,
  env: NodeJS.ProcessEnv,
): { username: string; password: string } | null {
  if (!prefix) return null;
  const username = env[`${prefix}_USERNAME`];
  if (!username) throw new Error(`${prefix}_USERNAME is not set (credentialsEnv: ${prefix})`);
  const file = env[`${prefix}_PASSWORD_FILE`];
  const password = file ? readFileSync(file, 'utf8').trim() : env[`${prefix}_PASSWORD`];
  if (password === undefined)
    throw new Error(`Neither ${prefix}_PASSWORD nor ${prefix}_PASSWORD_FILE is set`);
  return { username, password };
}

/**
 * MQTT.js options for a station's broker. Reconnecting is the connector's own (backoffDelay), so
 * the client's is off; a clean session, as values are read again after every connect. The
 * client's trace (the `debug` package, 6-8 calls per message even when off) is left out unless
 * DEBUG asks for some trace: at 50,000 messages a second those calls alone were 3-5 % of the
 * server's CPU (bench/README.md "The field plant").
 */
export function brokerOptions(
  connection: BrokerConnection,
  env: NodeJS.ProcessEnv,
  defaultClientId: string,
): IClientOptions {
  const credentials = brokerCredentials(connection.credentialsEnv, env);
  const tls = connection.tls;
  return {
    clientId: connection.clientId ?? defaultClientId,
    clean: true,
    keepalive: connection.keepaliveS,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...(env.DEBUG ? {} : { log: noTrace }),
    ...(credentials ?? {}),
    ...(tls
      ? {
          rejectUnauthorized: tls.rejectUnauthorized,
          ...(tls.caFile ? { ca: readFileSync(tls.caFile) } : {}),
          ...(tls.certFile ? { cert: readFileSync(tls.certFile) } : {}),
          ...(tls.keyFile ? { key: readFileSync(tls.keyFile) } : {}),
        }
      : {}),
  };
}

function noTrace(): void {}
