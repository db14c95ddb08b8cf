from enum import StrEnum


class MandateRefusalCode(StrEnum):
    MANDATE_EXCEEDED = "mandate_exceeded"
    MANDATE_FORBIDS = "mandate_forbids"

    def __str__(self) -> str:
        return str(self.value)
