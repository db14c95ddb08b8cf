from enum import StrEnum


class RunCommandResponse200ResultType1ResolvedPurchaseChannel(StrEnum):
    AGENT = "agent"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
