from enum import StrEnum


class RegisterOnchainIdentityResponse402Type0Status(StrEnum):
    PAYMENT_REQUIRED = "payment_required"

    def __str__(self) -> str:
        return str(self.value)
