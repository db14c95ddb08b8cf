import { z } from 'zod';
import { capabilityRecordSchema } from '../../domain/capability-schema.ts';

export const namespaceListResponse = z.object({
  status: z.literal('success'),
  schema_version: z.literal('1.0'),
  catalog_version: z.string(),
  namespaces: z.array(capabilityRecordSchema),
});

export const namespaceResponse = z.object({
  status: z.literal('success'),
  schema_version: z.literal('1.0'),
  catalog_version: z.string(),
  capability: capabilityRecordSchema,
});

export const namespaceParams = z.object({ namespace: z.string().max(253) });
