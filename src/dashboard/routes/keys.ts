import { z } from 'zod';
import { renderKeys } from '../views/keys.ts';
import { dashboardRoutes } from '../page.ts';
import { action, answered, pageRoutes, request } from '../page-definition.ts';
import { createKey, deleteKey, listKeys } from '../../api/routes/keys.ts';

export const { page: keysPageRoute, post: keysActionRoute } = pageRoutes('/dashboard/keys');

/** The keys page over the key operations (GET/POST /api/v1/keys, DELETE /api/v1/keys/{key_id}). */
export const dashboardKeyRoutes = dashboardRoutes({
  page: keysPageRoute,
  post: keysActionRoute,
  title: () => 'API keys',
  load: async (ctx) => (await ctx.read(listKeys)).data,
  render: renderKeys,
  actions: {
    create_key: action({
      fields: z.object({ name: z.string().trim(), key_class: z.enum(['agent', 'live']) }),
      call: (f) => request(createKey, { body: { key_class: f.key_class, ...(f.name ? { name: f.name } : {}) } }),
      done: (f, answer) => {
        const secret = answered(answer)?.api_key ?? null;
        const named = f.name ? `“${f.name}” ` : '';
        // A form sent again answers from the first sending, whose secret is stored nowhere.
        return secret
          ? { notice: `Key ${named}created.`, reveal: { label: 'Your new API key.', value: secret } }
          : {
              notice: `Key ${named}was already created by this form; its secret was shown once. If you did not copy it, revoke the key and create another.`,
            };
      },
    }),
    revoke_key: action({
      fields: z.object({ target: z.string().min(1).max(64) }),
      call: (f) => request(deleteKey, { params: { key_id: f.target } }),
      done: () => ({ notice: 'The key is revoked: it stops working on its next request.' }),
    }),
  },
});
