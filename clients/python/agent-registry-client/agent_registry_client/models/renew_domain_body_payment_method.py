from enum import StrEnum


class RenewDomainBodyPaymentMethod(StrEnum):
    GEMS = "gems"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
