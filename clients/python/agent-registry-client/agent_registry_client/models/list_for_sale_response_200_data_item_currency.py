from enum import StrEnum


class ListForSaleResponse200DataItemCurrency(StrEnum):
    PATHUSD = "pathUSD"

    def __str__(self) -> str:
        return str(self.value)
