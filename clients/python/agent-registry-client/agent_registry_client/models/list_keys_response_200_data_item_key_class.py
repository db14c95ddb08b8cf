from enum import StrEnum


class ListKeysResponse200DataItemKeyClass(StrEnum):
    AGENT = "agent"
    LIVE = "live"

    def __str__(self) -> str:
        return str(self.value)
