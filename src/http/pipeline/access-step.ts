import { PUBLIC, teamAreaOf } from '../declaration.ts';
import { accessRefusal } from '../auth.ts';
import type { Step } from './step.ts';

/**
 * Whether the caller may call the operation (src/http/auth.ts `accessRefusal`): its credential kind, an
 * organization credential's allowlist, a team member's role; the decision of every in-process adapter (an
 * MCP tool, a batch item, a form). Over HTTP the route's guard makes this same decision, with the same
 * function and inputs, as it authenticates the caller and before the limiter counts the request, so the step
 * does not decide it a second time there (it cost a read about 5 %).
 */
export const accessStep: Step = {
  name: 'access',
  when: 'caller',
  appliesTo: ({ config }, channel) => channel !== 'http' && (config.access ?? PUBLIC).length > 0,
  before(call) {
    const rule = call.config.access ?? PUBLIC;
    if (rule.length === 0) return;
    const refusal = accessRefusal(
      rule,
      call.key,
      call.principal,
      call.channel,
      teamAreaOf(call.method, call.url, call.config),
    );
    if (refusal) throw refusal;
  },
};
