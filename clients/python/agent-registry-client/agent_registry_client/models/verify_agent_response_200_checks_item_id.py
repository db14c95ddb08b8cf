from enum import StrEnum


class VerifyAgentResponse200ChecksItemId(StrEnum):
    A2A_ENDPOINT = "a2a_endpoint"
    CARD_SIGNATURE = "card_signature"
    DNSSEC = "dnssec"
    DNS_AID = "dns_aid"
    DOMAIN_PROOF = "domain_proof"
    ENSIP_TXT = "ensip_txt"
    ERC8004 = "erc8004"
    MCP_ENDPOINT = "mcp_endpoint"

    def __str__(self) -> str:
        return str(self.value)
