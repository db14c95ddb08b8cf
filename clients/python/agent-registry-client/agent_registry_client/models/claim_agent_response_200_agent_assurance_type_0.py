from enum import StrEnum


class ClaimAgentResponse200AgentAssuranceType0(StrEnum):
    ANONYMOUS = "anonymous"
    CLAIMED = "claimed"

    def __str__(self) -> str:
        return str(self.value)
