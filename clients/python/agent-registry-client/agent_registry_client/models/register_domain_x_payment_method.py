from enum import StrEnum


class RegisterDomainXPaymentMethod(StrEnum):
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
