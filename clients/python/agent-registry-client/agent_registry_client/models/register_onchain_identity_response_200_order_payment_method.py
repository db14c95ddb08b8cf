from enum import StrEnum


class RegisterOnchainIdentityResponse200OrderPaymentMethod(StrEnum):
    GEMS = "gems"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
