from enum import StrEnum


class CreateKeyBodyKeyClass(StrEnum):
    AGENT = "agent"
    LIVE = "live"

    def __str__(self) -> str:
        return str(self.value)
