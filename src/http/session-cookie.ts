/** The browser session cookie (signed, httpOnly); its value is a session token whose hash is stored. */
export const SESSION_COOKIE = 'registry_session';
