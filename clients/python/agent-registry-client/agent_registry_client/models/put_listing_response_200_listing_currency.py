from enum import StrEnum


class PutListingResponse200ListingCurrency(StrEnum):
    PATHUSD = "pathUSD"

    def __str__(self) -> str:
        return str(self.value)
