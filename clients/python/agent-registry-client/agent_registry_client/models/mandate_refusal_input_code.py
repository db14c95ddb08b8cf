from enum import StrEnum


class MandateRefusalInputCode(StrEnum):
    MANDATE_EXCEEDED = "mandate_exceeded"
    MANDATE_FORBIDS = "mandate_forbids"

    def __str__(self) -> str:
        return str(self.value)
