from enum import StrEnum


class ClaimAgentResponse200AgentKind(StrEnum):
    AGENT = "agent"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
