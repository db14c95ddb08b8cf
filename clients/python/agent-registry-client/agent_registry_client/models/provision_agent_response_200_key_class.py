from enum import StrEnum


class ProvisionAgentResponse200KeyClass(StrEnum):
    AGENT = "agent"

    def __str__(self) -> str:
        return str(self.value)
