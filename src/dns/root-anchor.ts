// The Handshake root's key-signing key as a DS record: the trust anchor of every Handshake resolver (hsd
// lib/dns/key.js), from which our namespace zones and each delegated name's zone validate. The same key
// signs the local root `npm start` runs and the public Handshake root, so the anchor is one constant.
// `npm run ops -- trust-anchor` prints it in the forms validators take (docs/dns-and-rdap.md "DNSSEC").

const KEY_TAG = 35215;
const ALGORITHM = 13; // ECDSA P-256 with SHA-256
const DIGEST_TYPE = 2; // SHA-256
const DIGEST = '7C50EA94A63AEECB65B510D1EAC1846C973A89D4AB292287D5A4D715136B57A3';

/** The root's anchor as a DS line, and as unbound (`trust-anchor:`) and BIND/delv (`trust-anchors`) configuration. */
export function rootTrustAnchor() {
  const ds = `. DS ${KEY_TAG} ${ALGORITHM} ${DIGEST_TYPE} ${DIGEST}`;
  return {
    ds,
    unbound: `trust-anchor: "${ds}"`,
    bind: `trust-anchors { . static-ds ${KEY_TAG} ${ALGORITHM} ${DIGEST_TYPE} "${DIGEST}"; };`,
  };
}
