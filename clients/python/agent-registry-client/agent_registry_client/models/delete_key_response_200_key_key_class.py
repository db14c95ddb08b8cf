from enum import StrEnum


class DeleteKeyResponse200KeyKeyClass(StrEnum):
    AGENT = "agent"
    LIVE = "live"

    def __str__(self) -> str:
        return str(self.value)
