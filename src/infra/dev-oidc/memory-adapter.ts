import type { Adapter, AdapterPayload } from 'oidc-provider';

/** In-memory storage for the provider's artifacts; ephemeral by design, like the signing key. */
export function memoryAdapter(
  store: Map<string, { payload: AdapterPayload; until: number }>,
): (model: string) => Adapter {
  const live = (key: string) => {
    const hit = store.get(key);
    if (hit && hit.until <= Date.now()) store.delete(key);
    return hit && hit.until > Date.now() ? hit.payload : undefined;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const until = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
        if (store.size > 10_000) for (const [k, v] of store) if (v.until <= Date.now()) store.delete(k);
        store.set(key(id), { payload, until });
        if (payload.uid) store.set(`sessionUid:${payload.uid}`, { payload: { jti: id }, until });
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const ref = live(`sessionUid:${uid}`);
        return ref?.jti ? live(key(ref.jti)) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const hit = live(key(id));
        if (hit) hit.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, v] of store) if (v.payload.grantId === grantId) store.delete(k);
      },
    };
  };
}
