from enum import StrEnum


class ListOwnSalesResponse200DataItemPayoutType0Status(StrEnum):
    HELD = "held"
    PAID = "paid"
    PENDING = "pending"

    def __str__(self) -> str:
        return str(self.value)
