from enum import StrEnum


class RegisterOnchainIdentityBodyPaymentMethod(StrEnum):
    GEMS = "gems"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
