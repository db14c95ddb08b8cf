/** Where a domain's agent manifest and skill file are published. */
export function manifestUrls(baseUrl: string, name: string): { agent_json: string; skill_md: string } {
  const base = `${baseUrl}/api/v1/domains/${encodeURIComponent(name)}`;
  return { agent_json: `${base}/agent.json`, skill_md: `${base}/skill.md` };
}
