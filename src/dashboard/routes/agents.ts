import { z } from 'zod';
import { DOMAINS_SHOWN, renderAgents, type AgentsData } from '../views/agents.ts';
import { dashboardRoutes } from '../page.ts';
import { action, pageRoutes, request, type PageContext } from '../page-definition.ts';
import { pageOf } from './overview.ts';
import { claimAgent, listClaimedAgents, revokeAgentKey } from '../../api/routes/agents/agents.ts';
import { listManagedDomains } from '../../api/routes/domains/managed.ts';

export const { page: agentsPageRoute, post: agentsActionRoute } = pageRoutes('/dashboard/agents');

const PAGE_SIZE = 10;

async function load(ctx: PageContext): Promise<AgentsData> {
  const page = pageOf(ctx);
  const offset = (page - 1) * PAGE_SIZE;
  const listed = await ctx.read(listClaimedAgents, { query: { limit: PAGE_SIZE, offset } });
  // One read per agent shown (at most PAGE_SIZE), each of its first domains only.
  const agents = await Promise.all(
    listed.data.map(async (a) => ({
      ...a,
      domains:
        a.domain_count === 0
          ? []
          : (
              await ctx.read(listManagedDomains, {
                query: { owner_id: a.account_id, sort: 'expiry', limit: DOMAINS_SHOWN },
              })
            ).data,
    })),
  );
  return { agents, total: listed.total, page, hasMore: offset + listed.data.length < listed.total };
}

/** The target of a key form: "<agent id>/<key id>". */
const agentKey = z
  .string()
  .regex(/^[0-9a-f-]{36}\/[A-Za-z0-9]{1,64}$/, 'not a key of one of your agents')
  .transform((t) => {
    const [agentId = '', keyId = ''] = t.split('/');
    return { agentId, keyId };
  });

/**
 * The agents page over POST /api/v1/agents/claim, GET /api/v1/agents (with GET /api/v1/domains?owner_id=…)
 * and DELETE /api/v1/agents/{agent_id}/keys/{key_id}.
 */
export const dashboardAgentRoutes = dashboardRoutes({
  page: agentsPageRoute,
  post: agentsActionRoute,
  title: () => 'Agents',
  load,
  render: renderAgents,
  actions: {
    claim_agent: action({
      fields: z.object({ claim_code: z.string().trim().min(1, 'enter the claim code').max(100) }),
      call: (f) => request(claimAgent, { body: { claim_code: f.claim_code } }),
      done: () => ({ notice: 'The agent is now claimed by you: it is listed below.' }),
    }),
    revoke_agent_key: action({
      fields: z.object({ target: agentKey }),
      call: (f) => request(revokeAgentKey, { params: { agent_id: f.target.agentId, key_id: f.target.keyId } }),
      done: () => ({ notice: 'The agent’s key is revoked: it stops working on its next request.' }),
    }),
  },
});
