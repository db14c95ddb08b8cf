from enum import StrEnum


class RelaySessionEventBodyType(StrEnum):
    SESSION_UPDATED = "session.updated"

    def __str__(self) -> str:
        return str(self.value)
