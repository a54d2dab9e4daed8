import { z } from 'zod';

/**
 * An OPC UA station's connection and points as the plant file writes them (issue 56). The
 * plant-file schema takes these as they are. Credentials never stand in the file: `credentialsEnv`
 * names the prefix of the environment variables `<P>_USER` (or `<P>_USERNAME`, as for MQTT) and
 * `<P>_PASSWORD`.
 */
export const opcuaConnectionSchema = z
  .strictObject({
    type: z.literal('opcua'),
    endpoint: z.string().regex(/^opc\.tcp:\/\/[^/\s]+/, 'an opc.tcp:// URL'),
    securityMode: z.enum(['None', 'Sign', 'SignAndEncrypt']),
    /**
     * Basic256Sha256 or Aes128_Sha256_RsaOaep: both sign with RSA-PSS/OAEP, not RSA PKCS#1 v1.5,
     * which Node 20 refuses without `--security-revert`.
     */
    securityPolicy: z.enum(['None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep']),
    credentialsEnv: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable prefix such as PLANT_OPCUA')
      .optional(),
    /**
     * Trust the server's certificate the first time it is seen (and only that certificate
     * afterwards). Off by default: the server's certificate must be in `<pki>/trusted/certs`.
     */
    trustServerOnFirstUse: z.boolean().optional(),
  })
  .refine((c) => (c.securityMode === 'None') === (c.securityPolicy === 'None'), {
    message: 'securityMode None goes with securityPolicy None, and only with it',
    path: ['securityPolicy'],
  });

/** A PV's `source` on an OPC UA station (the plant file's shape). */
export const opcuaSourceSchema = z.strictObject({
  /** The node to monitor, e.g. `ns=2;s=Station1.Level` or `ns=3;i=1001`. */
  nodeId: z.string().min(1),
  /** How often the server samples the value; it reports only changes. */
  samplingIntervalMs: z.number().int().min(0).max(3_600_000).default(1000),
});

/** A point as the connector takes it: the PV's id, its source, and whether it may be written. */
export const opcuaPointSchema = opcuaSourceSchema.extend({
  /** The point's id within its station (unique there). */
  pointId: z.string().min(1),
  readOnly: z.boolean().optional(),
});

export type OpcuaConnectionConfig = z.output<typeof opcuaConnectionSchema>;
export type OpcuaPointConfig = z.output<typeof opcuaPointSchema>;
export type OpcuaSourceConfig = z.output<typeof opcuaSourceSchema>;
