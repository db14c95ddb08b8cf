from enum import StrEnum


class MakeOfferResponse200OfferCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
