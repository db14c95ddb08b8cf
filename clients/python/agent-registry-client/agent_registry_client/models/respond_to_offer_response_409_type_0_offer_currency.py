from enum import StrEnum


class RespondToOfferResponse409Type0OfferCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
