from enum import StrEnum


class ListOwnListingsResponse200DataItemCurrency(StrEnum):
    PATHUSD = "pathUSD"

    def __str__(self) -> str:
        return str(self.value)
