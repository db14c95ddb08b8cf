from enum import StrEnum


class ListClaimedAgentsResponse200DataItemKeysItemKeyClass(StrEnum):
    AGENT = "agent"
    LIVE = "live"

    def __str__(self) -> str:
        return str(self.value)
