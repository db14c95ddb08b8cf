from enum import StrEnum


class WithdrawOfferResponse200OfferCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
