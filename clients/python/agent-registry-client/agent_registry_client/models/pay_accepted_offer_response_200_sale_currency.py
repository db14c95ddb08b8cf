from enum import StrEnum


class PayAcceptedOfferResponse200SaleCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
