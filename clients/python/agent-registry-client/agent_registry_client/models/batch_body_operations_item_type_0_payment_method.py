from enum import StrEnum


class BatchBodyOperationsItemType0PaymentMethod(StrEnum):
    GEMS = "gems"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
