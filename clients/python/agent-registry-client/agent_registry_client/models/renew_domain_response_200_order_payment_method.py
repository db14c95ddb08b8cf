from enum import StrEnum


class RenewDomainResponse200OrderPaymentMethod(StrEnum):
    GEMS = "gems"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
