from enum import StrEnum


class ListClaimedAgentsResponse200DataItemAssuranceType0(StrEnum):
    ANONYMOUS = "anonymous"
    CLAIMED = "claimed"

    def __str__(self) -> str:
        return str(self.value)
