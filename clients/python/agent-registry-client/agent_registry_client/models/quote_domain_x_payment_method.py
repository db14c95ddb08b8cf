from enum import StrEnum


class QuoteDomainXPaymentMethod(StrEnum):
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
