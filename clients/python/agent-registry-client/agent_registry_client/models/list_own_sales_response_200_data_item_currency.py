from enum import StrEnum


class ListOwnSalesResponse200DataItemCurrency(StrEnum):
    GEMS = "gems"
    PATHUSD = "pathusd"

    def __str__(self) -> str:
        return str(self.value)
