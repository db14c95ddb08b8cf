from enum import StrEnum


class CreateKeyResponse200KeyKeyClass(StrEnum):
    AGENT = "agent"
    LIVE = "live"

    def __str__(self) -> str:
        return str(self.value)
