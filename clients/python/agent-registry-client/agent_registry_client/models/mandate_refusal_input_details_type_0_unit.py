from enum import StrEnum


class MandateRefusalInputDetailsType0Unit(StrEnum):
    GEMS = "gems"
    USD = "usd"

    def __str__(self) -> str:
        return str(self.value)
