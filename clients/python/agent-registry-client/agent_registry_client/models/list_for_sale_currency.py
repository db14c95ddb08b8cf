from enum import StrEnum


class ListForSaleCurrency(StrEnum):
    GEMS = "gems"
    USD = "usd"

    def __str__(self) -> str:
        return str(self.value)
