import { PUBLIC, teamAreaOf } from '../declaration.ts';
import { accessRefusal } from '../auth.ts';
import type { Step } from './step.ts';

/**
 * Whether the caller may call the operation (src/http/auth.ts `accessRefusal`): its credential kind, an
 * organization credential's allowlist, a team member's role. Over HTTP the route's guard has authenticated
 * the caller and decided the same before the limiter counted the request; this is the decision of every
 * adapter.
 */
export const accessStep: Step = {
  name: 'access',
  when: 'caller',
  appliesTo: ({ config }) => (config.access ?? PUBLIC).length > 0,
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
