from enum import StrEnum


class MakeOfferBodyCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
