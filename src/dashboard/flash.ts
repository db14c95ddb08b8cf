import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What an action said, carried across its redirect (post/redirect/get, docs/dashboard.md "How a page works", Answers): a
 * notice, and a new secret shown once. It rides in a cookie sealed with AES-256-GCM under a key derived
 * from the session secret, bound to the session and the page it is for: the browser holds only ciphertext,
 * any API replica can open it (no state in one process), and it is never in a URL. It lives a minute and
 * is cleared by the page that shows it, so a reload shows the page without it and acts on nothing.
 */
export const FLASH_COOKIE = 'registry_dashboard_flash';
const TTL_S = 60;

export interface Flash {
  notice: string;
  reveal: { label: string; value: string } | null;
}

interface Sealed extends Flash {
  /** The page the flash is for (its path), and when it was made (ms). */
  path: string;
  at: number;
}

export function dashboardFlash(sessionSecret: string, secure: boolean) {
  const key = createHash('sha256').update(`dashboard-flash\n${sessionSecret}`).digest();
  const cookie = { path: '/dashboard', httpOnly: true, sameSite: 'lax', secure } as const;

  function seal(credentialId: string, s: Sealed): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(credentialId));
    const body = Buffer.concat([cipher.update(JSON.stringify(s), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  function open(credentialId: string, value: string): Sealed | null {
    try {
      const raw = Buffer.from(value, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(credentialId));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as Sealed;
    } catch {
      return null;
    }
  }

  return {
    /** Sets the flash for `path`, for this session only. */
    put(reply: FastifyReply, credentialId: string, path: string, flash: Flash): void {
      reply.setCookie(FLASH_COOKIE, seal(credentialId, { ...flash, path, at: Date.now() }), {
        ...cookie,
        maxAge: TTL_S,
      });
    },
    /** The flash for this page and session, taken (the cookie is cleared); null when there is none. */
    take(req: FastifyRequest, reply: FastifyReply, credentialId: string, path: string): Flash | null {
      const value = req.cookies[FLASH_COOKIE];
      if (!value) return null;
      const s = open(credentialId, value);
      // Another page's flash waits for its page (it is a minute old at most); a stale or foreign one goes.
      if (s && s.path !== path && Date.now() - s.at <= TTL_S * 1000) return null;
      reply.clearCookie(FLASH_COOKIE, { path: cookie.path });
      if (!s || Date.now() - s.at > TTL_S * 1000) return null;
      return { notice: s.notice, reveal: s.reveal };
    },
  };
}
