from enum import StrEnum


class BuySecondaryResponse200SaleCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
