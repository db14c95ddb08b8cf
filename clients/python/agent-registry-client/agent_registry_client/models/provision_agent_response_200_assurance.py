from enum import StrEnum


class ProvisionAgentResponse200Assurance(StrEnum):
    ANONYMOUS = "anonymous"

    def __str__(self) -> str:
        return str(self.value)
