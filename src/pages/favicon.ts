// The site's icon, so that no page's implicit /favicon.ico request is a 404: a blue square with a white
// centre, as a 16x16 ICO (what a browser asks for on its own) and as SVG (what the pages link to).

/** 16x16, 32-bit, one image (written once by hand from its pixels; nothing reads it but browsers). */
export const FAVICON_ICO = Buffer.from(
  'AAABAAEAEBAAAAEAIABoBAAAFgAAACgAAAAQAAAAIAAAAAEAIAAAAAAAQAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAA628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH/8AAAAA628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//////////////////////////////////628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/////////////////////////////////+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//////////////////////////////////rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//////////////////////////////////628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/////////////////////////////////+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//////////////////////////////////rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH/8AAAAA628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH//rbx//628f/+tvH/8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==',
  'base64',
);

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="0" y="0" width="16" height="16" rx="2" fill="#1f6feb"/><rect x="5" y="5" width="6" height="6" fill="#fff"/></svg>';
