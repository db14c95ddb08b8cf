from enum import StrEnum


class MandateRefusalDetailsType0Unit(StrEnum):
    GEMS = "gems"
    USD = "usd"

    def __str__(self) -> str:
        return str(self.value)
