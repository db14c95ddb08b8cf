from enum import StrEnum


class RespondToOfferResponse200OfferCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
