from enum import StrEnum


class GetMeResponse200AccountKind(StrEnum):
    AGENT = "agent"
    HUMAN = "human"

    def __str__(self) -> str:
        return str(self.value)
