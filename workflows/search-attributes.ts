import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

// Custom search attributes registered on the dev server at start, so operators can filter runs in the
// Temporal UI (e.g. `RegistryDomain = "scout.agent"` or `RegistryStage = "awaiting_payment"`).
export const registryDomainKey = defineSearchAttributeKey('RegistryDomain', SearchAttributeType.KEYWORD);
export const registryStageKey = defineSearchAttributeKey('RegistryStage', SearchAttributeType.KEYWORD);

export const registrySearchAttributes = [registryDomainKey, registryStageKey];
