from enum import StrEnum


class RegisterDomainResponse402Type0Type1RequestPaymentMethod(StrEnum):
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
